import { parseApiErrorBody, type ApiErrorCode, type ApiErrorIssue } from '#core/api-errors';
import { currentApiSession, type ApiSession } from './api-session';

/**
 * The one way the app makes JSON calls to its server. It adds the session's bearer token, parses
 * every reply with the shared schema of that call, and turns every failure into an ApiError
 * whose `kind` tells the screens what happened:
 * - 'offline': the device has no network; nothing was sent.
 * - 'network': the request was sent but no answer came (server down, connection dropped, timeout).
 * - 'server': the server answered with an error; `code` is its stable error code.
 * - 'bad-reply': the server answered success with something this app cannot read.
 * An INVALID_TOKEN answer (400 from the first version's calls, 401 from ours) to a request that
 * carried a token signs that session out (specification §8).
 */

export type ApiErrorKind = 'offline' | 'network' | 'server' | 'bad-reply';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The server's error code; null unless kind is 'server'. */
  readonly code: ApiErrorCode | null;
  /** The HTTP status; null when no answer came. */
  readonly status: number | null;
  readonly issues: readonly ApiErrorIssue[];

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { code?: ApiErrorCode; status?: number; issues?: readonly ApiErrorIssue[]; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.kind = kind;
    this.code = details.code ?? null;
    this.status = details.status ?? null;
    this.issues = details.issues ?? [];
  }
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

export interface ApiRequest {
  readonly method?: 'GET' | 'POST' | 'DELETE';
  /** Sent as JSON. */
  readonly body?: unknown;
  /**
   * The token to send instead of the session's: for a call about a session that has just been
   * cleared locally (sign-out tells the server afterwards). null sends none.
   */
  readonly token?: string | null;
  readonly signal?: AbortSignal;
}

/** What reads a reply: a zod schema, or a hand-written check with the same `safeParse` shape. */
export interface ReplyParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface ApiClient {
  /** A call whose reply is JSON, parsed with `schema`. */
  request<T>(path: string, schema: ReplyParser<T>, init?: ApiRequest): Promise<T>;
  /** A call whose reply carries nothing to read (204). */
  send(path: string, init?: ApiRequest): Promise<void>;
}

export interface ApiClientOptions {
  /** Path prefix of every call. */
  readonly baseUrl?: string;
  readonly session?: () => ApiSession;
  readonly fetch?: typeof fetch;
  /** Whether the device believes it has a network (navigator.onLine in the app). */
  readonly isOnline?: () => boolean;
  /** A call that hangs is given up after this long. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/** Safari before 16 has no AbortSignal.timeout; there the browser's own timeout applies. */
function timeoutSignal(ms: number): AbortSignal | undefined {
  return typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ms) : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const session = options.session ?? currentApiSession;
  // Called through a wrapper: fetch invoked as a method of another object throws "Illegal invocation".
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const isOnline = options.isOnline ?? (() => navigator.onLine);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(path: string, init: ApiRequest): Promise<Response> {
    if (!isOnline()) throw new ApiError('offline', 'You are offline.');
    const token = init.token === undefined ? session().token() : init.token;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal ?? timeoutSignal(timeoutMs),
        cache: 'no-store',
        credentials: 'same-origin',
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      const kind = isOnline() ? 'network' : 'offline';
      throw new ApiError(kind, kind === 'offline' ? 'You are offline.' : 'The server could not be reached.', {
        cause: error,
      });
    }
    if (response.ok) return response;

    const body = parseApiErrorBody(response.status, await readJson(response));
    if (token && body.error === 'INVALID_TOKEN' && (response.status === 400 || response.status === 401)) {
      session().onInvalidToken(token);
    }
    throw new ApiError('server', body.message ?? body.error, {
      code: body.error,
      status: response.status,
      issues: body.issues,
    });
  }

  return {
    async request(path, schema, init = {}) {
      const response = await call(path, init);
      const parsed = schema.safeParse(await readJson(response));
      if (!parsed.success) {
        throw new ApiError('bad-reply', `The server sent an unexpected reply to ${path}.`, {
          status: response.status,
          cause: parsed.error,
        });
      }
      return parsed.data;
    },
    async send(path, init = {}) {
      const response = await call(path, init);
      // Drain the body so the connection can be reused.
      await response.text();
    },
  };
}

/** The app's client: same-origin /api, the bound session. */
export const api: ApiClient = createApiClient();
