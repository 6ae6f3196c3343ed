import { vi } from 'vitest';

/** A request as the fake server saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | null;
  readonly body: unknown;
}

type Handler = (request: SeenRequest) => Response | Promise<Response>;

export interface FakeApi {
  readonly requests: SeenRequest[];
  /** Answers `method path` (path without the query) with `handler` from now on. */
  on(method: 'GET' | 'POST', path: string, handler: Handler): void;
  /** Requests to this path, in order. */
  seen(path: string): SeenRequest[];
}

export function jsonReply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces the global fetch with a small in-memory server for component tests: handlers per
 * route, everything else 404 NOT_FOUND, and a log of every request. `fallback` answers the
 * paths no handler claims (the sync endpoints, from a memory peer). Undo with vi.unstubAllGlobals().
 */
export function installFakeApi(fallback?: typeof fetch): FakeApi {
  const handlers = new Map<string, Handler>();
  const requests: SeenRequest[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://memento.test');
    const method = init?.method ?? 'GET';
    const handler = handlers.get(`${method} ${url.pathname}`);
    if (!handler && fallback) return fallback(input, init);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const seen = { method, path: url.pathname, authorization: new Headers(init?.headers).get('Authorization'), body };
    requests.push(seen);
    return handler ? handler(seen) : jsonReply(404, { error: 'NOT_FOUND' });
  };
  vi.stubGlobal('fetch', fakeFetch);
  return {
    requests,
    on(method, path, handler) {
      handlers.set(`${method} ${path}`, handler);
    },
    seen: (path) => requests.filter((request) => request.path === path),
  };
}

/** A reply the test releases when it wants, to look at the screen while a request is pending. */
export function pendingReply(): { readonly promise: Promise<Response>; readonly release: (response: Response) => void } {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
