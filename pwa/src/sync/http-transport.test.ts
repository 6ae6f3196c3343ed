import { describe, expect, it, vi } from 'vitest';
import { formatHlc } from '#core/sync/hlc';
import { createHttpTransport } from './http-transport';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function transportAnswering(answer: () => Response | Promise<Response>, token: string | null = 'secret') {
  const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(answer()));
  return { fetch, transport: createHttpTransport({ getToken: () => token, fetch, baseUrl: 'https://sync.test' }) };
}

const pushReply = { lastAppliedSeq: 3, rejected: [], serverTime: 1_000 };
const pullReply = { changes: [], cursor: 9, hasMore: false, reset: false, lastAppliedSeq: 3, serverTime: 1_000 };

describe('the HTTP transport', () => {
  it('pushes as JSON with the bearer token and returns the parsed reply', async () => {
    const { fetch, transport } = transportAnswering(() => json(200, pushReply));
    const mutation = {
      seq: 1,
      table: 'exercises',
      key: '2026-03-01',
      fields: { gratitude: true },
      hlc: formatHlc({ wall: 5, counter: 0, node: 'device' }),
    };

    await expect(transport.push({ clientId: 'device', mutations: [mutation] })).resolves.toEqual(pushReply);

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://sync.test/api/sync/push');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer secret', 'Content-Type': 'application/json' });
    expect(typeof init?.body).toBe('string');
    expect(JSON.parse(init?.body as string)).toEqual({ clientId: 'device', mutations: [mutation] });
  });

  it("passes on the next page's cursor from the reply's header, before the page is read, and nothing else", async () => {
    const heard: number[] = [];
    const onNextCursor = (cursor: number) => heard.push(cursor);
    const withHeader = transportAnswering(() => json(200, { ...pullReply, hasMore: true }, { 'X-Pull-Next-Cursor': '9' }));
    await withHeader.transport.pull({ cursor: 4, limit: 50 }, { onNextCursor });
    expect(heard).toEqual([9]);
    const headers: Record<string, string>[] = [{}, { 'X-Pull-Next-Cursor': 'nine' }, { 'X-Pull-Next-Cursor': '-1' }, { 'X-Pull-Next-Cursor': '1e3' }];
    for (const header of headers) {
      await transportAnswering(() => json(200, pullReply, header)).transport.pull({ cursor: 4, limit: 50 }, { onNextCursor });
    }
    // Refused requests say nothing either.
    await expect(
      transportAnswering(() => json(503, { error: 'DOWN' }, { 'X-Pull-Next-Cursor': '9' })).transport.pull({ cursor: 4, limit: 50 }, { onNextCursor }),
    ).rejects.toThrow();
    expect(heard).toEqual([9]);
  });

  it('pulls with the cursor, page size and client id in the query', async () => {
    const { fetch, transport } = transportAnswering(() => json(200, pullReply));
    await expect(transport.pull({ cursor: 4, limit: 50, clientId: 'device' })).resolves.toEqual(pullReply);
    expect(fetch.mock.calls[0]?.[0]).toBe('https://sync.test/api/sync/pull?cursor=4&limit=50&clientId=device');
  });

  it('turns 401 and INVALID_TOKEN into a signed-out error', async () => {
    const expired = transportAnswering(() => json(401, { error: 'INVALID_TOKEN', message: 'Session expired' }));
    await expect(expired.transport.pull({ cursor: 0, limit: 1 })).rejects.toMatchObject({
      kind: 'auth',
      code: 'INVALID_TOKEN',
      message: 'Session expired',
    });
    const bare = transportAnswering(() => new Response('nope', { status: 401 }));
    await expect(bare.transport.pull({ cursor: 0, limit: 1 })).rejects.toMatchObject({ kind: 'auth' });
  });

  it('does not call the server when nobody is signed in', async () => {
    const { fetch, transport } = transportAnswering(() => json(200, pullReply), null);
    await expect(transport.pull({ cursor: 0, limit: 1 })).rejects.toMatchObject({ kind: 'auth', code: 'NO_SESSION' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('treats other refusals as fatal, so they are not retried in a tight loop', async () => {
    for (const [status, code] of [
      [400, 'INVALID_REQUEST'],
      [403, 'FORBIDDEN'],
      [413, 'PAYLOAD_TOO_LARGE'],
    ] as const) {
      const { transport } = transportAnswering(() => json(status, { error: code }));
      await expect(transport.pull({ cursor: 0, limit: 1 })).rejects.toMatchObject({ kind: 'fatal', code });
    }
  });

  it('retries server errors, rate limits and the network, honouring Retry-After', async () => {
    const busy = transportAnswering(() => json(503, { error: 'UNAVAILABLE' }));
    await expect(busy.transport.pull({ cursor: 0, limit: 1 })).rejects.toMatchObject({ kind: 'retryable' });
    const limited = transportAnswering(() => json(429, { error: 'RATE_LIMITED' }, { 'Retry-After': '30' }));
    await expect(limited.transport.pull({ cursor: 0, limit: 1 })).rejects.toMatchObject({
      kind: 'retryable',
      retryAfterMs: 30_000,
    });
    const down = transportAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(down.transport.pull({ cursor: 0, limit: 1 })).rejects.toMatchObject({
      kind: 'retryable',
      code: 'NETWORK',
    });
  });

  it('refuses a reply that does not match the protocol instead of passing it on', async () => {
    const proxyPage = transportAnswering(() => new Response('<html>captive portal</html>', { status: 200 }));
    await expect(proxyPage.transport.pull({ cursor: 0, limit: 1 })).rejects.toMatchObject({ code: 'BAD_REPLY' });
    const wrongShape = transportAnswering(() => json(200, { ...pullReply, cursor: -1 }));
    await expect(wrongShape.transport.pull({ cursor: 0, limit: 1 })).rejects.toMatchObject({
      kind: 'retryable',
      code: 'BAD_REPLY',
    });
  });
});
