import { setTimeout as delay } from 'node:timers/promises';
import { hnItemSchema, type HnItem } from '#core/schemas/hn';

/**
 * The site's public API (`{base}/item/{id}.json`). A thread is read item by item, so this client
 * keeps many requests in the air at once, but never more than `concurrency`; gives each request
 * a deadline; tries again after a failure the site may recover from (5xx, 429, a timeout, a
 * dropped connection), waiting longer each time; and lets callers asking for the same item at
 * the same moment share one request.
 */

export interface HnClientOptions {
  /** E.g. https://hacker-news.firebaseio.com/v0, without a trailing slash. */
  readonly baseUrl: string;
  /** Requests in the air at once, across every caller of this client. */
  readonly concurrency?: number;
  /** Deadline of one request, in ms. */
  readonly timeoutMs?: number;
  /** Tries after the first one. */
  readonly retries?: number;
  /** The wait before the first retry, in ms; doubled for each later one (with some jitter). */
  readonly backoffMs?: number;
}

export const HN_CLIENT_DEFAULTS = { concurrency: 32, timeoutMs: 5_000, retries: 3, backoffMs: 200 } as const;

/** The site could not give us the item: the caller may fall back to a cached copy. */
export class HnFetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HnFetchError';
  }
}

export interface HnClient {
  /** The item, or null when the site has no item with this id. */
  item(id: number): Promise<HnItem | null>;
}

/** At most `limit` tasks at once; the others wait their turn in order. */
function limiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next === undefined) running -= 1;
      else next();
    }
  };
}

/** A failure worth trying again: the site or the network may be fine a moment later. */
class Transient extends Error {}

export function createHnClient(options: HnClientOptions): HnClient {
  const { baseUrl } = options;
  const { concurrency, timeoutMs, retries, backoffMs } = { ...HN_CLIENT_DEFAULTS, ...options };
  const slot = limiter(concurrency);
  const inFlight = new Map<number, Promise<HnItem | null>>();

  async function once(id: number): Promise<HnItem | null> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/item/${id}.json`, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    } catch (error) {
      throw new Transient(`item ${id}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (response.status >= 500 || response.status === 429) {
      await response.body?.cancel();
      throw new Transient(`item ${id}: HTTP ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new HnFetchError(`item ${id}: HTTP ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      // A deadline passing in the middle of the body is a timeout like any other.
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new Transient(`item ${id}: ${error.message}`);
      throw new HnFetchError(`item ${id}: the answer is not JSON`, { cause: error });
    }
    if (body === null) return null;
    const parsed = hnItemSchema.safeParse(body);
    if (!parsed.success || parsed.data.id !== id) throw new HnFetchError(`item ${id}: the answer is not an item of that id`);
    return parsed.data;
  }

  async function withRetries(id: number): Promise<HnItem | null> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        // The slot is held for one attempt only: nobody waits behind our backoff.
        return await slot(() => once(id));
      } catch (error) {
        if (!(error instanceof Transient)) throw error;
        if (attempt >= retries) throw new HnFetchError(`${error.message} (after ${retries + 1} tries)`, { cause: error });
        await delay(backoffMs * 2 ** attempt * (0.75 + Math.random() / 2));
      }
    }
  }

  return {
    item(id) {
      const shared = inFlight.get(id);
      if (shared !== undefined) return shared;
      const request = withRetries(id).finally(() => inFlight.delete(id));
      inFlight.set(id, request);
      return request;
    },
  };
}
