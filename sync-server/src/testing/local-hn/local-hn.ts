import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hnItemSchema, type HnItem } from '#core/schemas/hn';

/**
 * A local stand-in for the site's API, speaking its shapes: `GET /v0/item/{id}.json` answers the
 * item, or `null` for an id it does not hold, as the site does. Tests, e2e and the bench point
 * HN_API_BASE at it. It counts the requests per item, can wait before answering (the latency of a
 * real network) and can be told to fail an item's next requests (5xx, 429, or no answer at all).
 *
 * A small control API serves runs in another process (the CLI): `POST /control/items` with a
 * JSON list of items adds or replaces them, `GET /control/stats` gives the request counts.
 */

export type Fault = 500 | 503 | 429 | 'hang';

export interface LocalHnOptions {
  readonly items?: readonly HnItem[];
  /** Wait before each answer, in ms. */
  readonly latencyMs?: number;
  readonly port?: number;
}

export interface LocalHn {
  /** The API base to give HN_API_BASE (`http://127.0.0.1:{port}/v0`). */
  readonly baseUrl: string;
  /** Adds or replaces items. */
  put(items: readonly HnItem[]): void;
  /** Requests for one item since the start (or the last reset). */
  requestsFor(id: number): number;
  /** Requests for any item. */
  totalRequests(): number;
  /** The most item requests it held unanswered at one time (since the last reset). */
  maxConcurrent(): number;
  resetCounts(): void;
  /** The next `times` requests for the item fail this way. */
  failNext(id: number, times: number, fault: Fault): void;
  latencyMs: number;
  /** When set, each item's answer waits for the promise it gives for that item (then the latency). */
  holdUntil: ((id: number) => Promise<void>) | undefined;
  close(): Promise<void>;
}

const ITEM_PATH = /^\/v0\/item\/(\d+)\.json$/;

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startLocalHn(options: LocalHnOptions = {}): Promise<LocalHn> {
  const items = new Map<number, HnItem>();
  const counts = new Map<number, number>();
  const faults = new Map<number, Fault[]>();
  const put = (list: readonly HnItem[]) => {
    for (const item of list) items.set(item.id, item);
  };
  put(options.items ?? []);

  const state: { latencyMs: number; open: number; maxOpen: number; holdUntil: ((id: number) => Promise<void>) | undefined } = {
    latencyMs: options.latencyMs ?? 0,
    open: 0,
    maxOpen: 0,
    holdUntil: undefined,
  };

  const answerItem = (id: number, res: http.ServerResponse) => {
    counts.set(id, (counts.get(id) ?? 0) + 1);
    state.open += 1;
    state.maxOpen = Math.max(state.maxOpen, state.open);
    res.once('close', () => {
      state.open -= 1;
    });
    const fault = faults.get(id)?.shift();
    // No answer at all: the client's deadline has to end the request.
    if (fault === 'hang') return;
    const answer = () => {
      if (fault === undefined) sendJson(res, 200, items.get(id) ?? null);
      else sendJson(res, fault, { error: 'injected fault' });
    };
    const afterLatency = () => {
      if (state.latencyMs > 0) setTimeout(answer, state.latencyMs);
      else answer();
    };
    const hold = state.holdUntil?.(id);
    if (hold === undefined) afterLatency();
    else void hold.then(afterLatency);
  };

  const control = async (req: http.IncomingMessage, res: http.ServerResponse, path: string) => {
    if (req.method === 'POST' && path === '/control/items') {
      const parsed = hnItemSchema.array().safeParse(JSON.parse(await readBody(req)));
      if (parsed.success) {
        put(parsed.data);
        sendJson(res, 200, { items: items.size });
      } else sendJson(res, 400, { error: 'expected a list of items' });
    } else if (req.method === 'GET' && path === '/control/stats') {
      sendJson(res, 200, { total: [...counts.values()].reduce((sum, n) => sum + n, 0), perItem: Object.fromEntries(counts) });
    } else sendJson(res, 404, { error: 'not found' });
  };

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const match = ITEM_PATH.exec(path);
    if (req.method === 'GET' && match?.[1] !== undefined) answerItem(Number(match[1]), res);
    else if (req.method === 'GET' && path === '/health') sendJson(res, 200, { ok: true });
    else if (path.startsWith('/control/')) {
      control(req, res, path).catch(() => {
        sendJson(res, 400, { error: 'bad control request' });
      });
    } else sendJson(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v0`,
    put,
    requestsFor: (id) => counts.get(id) ?? 0,
    totalRequests: () => [...counts.values()].reduce((sum, n) => sum + n, 0),
    maxConcurrent: () => state.maxOpen,
    resetCounts: () => {
      counts.clear();
      state.maxOpen = state.open;
    },
    failNext(id, times, fault) {
      faults.set(id, [...(faults.get(id) ?? []), ...Array.from({ length: times }, () => fault)]);
    },
    get latencyMs() {
      return state.latencyMs;
    },
    set latencyMs(value: number) {
      state.latencyMs = value;
    },
    get holdUntil() {
      return state.holdUntil;
    },
    set holdUntil(value: ((id: number) => Promise<void>) | undefined) {
      state.holdUntil = value;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
