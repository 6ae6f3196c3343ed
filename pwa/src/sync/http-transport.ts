import { z } from 'zod';
import { PULL_NEXT_CURSOR_HEADER, pushResponseSchema } from '#core/sync/protocol';
import { pullReply } from '#core/sync/pull-reply';
import { SyncError } from './errors';
import type { PullHints, PullQuery, SyncTransport } from './transport';

/**
 * The sync transport over HTTP. Usable in a page and in the service worker: it needs only fetch.
 * Every reply is parsed with the protocol's schemas before the engine sees it, so a proxy's
 * error page or a half-deployed server can never write garbage into the local database.
 */

export interface HttpTransportOptions {
  /** The bearer token, read for every request so a refreshed token is used at once; null = signed out. */
  readonly getToken: () => string | null | Promise<string | null>;
  /** Origin and path prefix of the server; '' for the app's own origin. */
  readonly baseUrl?: string;
  readonly fetch?: typeof fetch;
  /** A request that hangs would hold the sync lock forever; give up after this long. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** A protocol schema, or a hand-written check that answers as one (see pull-reply.ts). */
interface ReplyReader<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: Error };
}

// Only the code matters here; the full error contract lives with the API client.
const errorBodySchema = z.object({ error: z.string(), message: z.string().optional() });

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** Safari before 16 has no AbortSignal.timeout; there the browser's own timeout applies. */
function timeoutSignal(ms: number): AbortSignal | undefined {
  return typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ms) : undefined;
}

async function failure(response: Response): Promise<SyncError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = errorBodySchema.safeParse(body);
  const code = parsed.success ? parsed.data.error : `HTTP_${response.status}`;
  const message = (parsed.success ? parsed.data.message : undefined) ?? `The server answered ${response.status}`;
  if (response.status === 401 || code === 'INVALID_TOKEN') return new SyncError('auth', code, message);
  // 408 and 429 are about timing, not about the request: the same request can succeed later.
  if (response.status >= 500 || response.status === 408 || response.status === 429) {
    return new SyncError('retryable', code, message, { retryAfterMs: retryAfterMs(response) });
  }
  return new SyncError('fatal', code, message);
}

export function createHttpTransport(options: HttpTransportOptions): SyncTransport {
  const baseUrl = options.baseUrl ?? '';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Called through a wrapper: fetch invoked as a method of another object throws "Illegal invocation".
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<T>(path: string, schema: ReplyReader<T>, init: RequestInit, onHeaders?: (headers: Headers) => void): Promise<T> {
    const token = await options.getToken();
    if (token === null || token === '') throw new SyncError('auth', 'NO_SESSION', 'Nobody is signed in');
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        ...init,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${token}`,
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        signal: timeoutSignal(timeoutMs),
        cache: 'no-store',
      });
    } catch (error) {
      throw new SyncError('retryable', 'NETWORK', 'The server could not be reached', { cause: error });
    }
    if (!response.ok) throw await failure(response);
    onHeaders?.(response.headers);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new SyncError('retryable', 'BAD_REPLY', 'The server sent a reply that is not JSON', { cause: error });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new SyncError('retryable', 'BAD_REPLY', `The server sent an unexpected reply: ${parsed.error.message}`);
    }
    return parsed.data;
  }

  return {
    push: (pushRequest) =>
      request('/api/sync/push', pushResponseSchema, { method: 'POST', body: JSON.stringify(pushRequest) }),
    pull: (query: PullQuery, hints?: PullHints) => {
      const params = new URLSearchParams({ cursor: String(query.cursor), limit: String(query.limit) });
      if (query.clientId !== undefined) params.set('clientId', query.clientId);
      if (query.full === true) params.set('full', 'true');
      const onNextCursor = hints?.onNextCursor;
      const onHeaders =
        onNextCursor === undefined
          ? undefined
          : (headers: Headers) => {
              const next = headers.get(PULL_NEXT_CURSOR_HEADER);
              if (next !== null && /^\d{1,15}$/.test(next)) onNextCursor(Number(next));
            };
      return request(`/api/sync/pull?${params.toString()}`, pullReply, { method: 'GET' }, onHeaders);
    },
  };
}
