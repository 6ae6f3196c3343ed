import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, type ApiClientOptions } from './api-client';
import type { ApiSession } from './api-session';

const replySchema = z.object({ ok: z.literal(true) });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(answer: (request: Request) => Response | Promise<Response>, overrides: Partial<ApiClientOptions> = {}) {
  const requests: Request[] = [];
  const session = { token: vi.fn<() => string | null>(() => 'session-token'), onInvalidToken: vi.fn<(token: string) => void>() };
  const client = createApiClient({
    fetch: (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const request = new Request(new URL(url, 'http://memento.test'), init);
      requests.push(request);
      return Promise.resolve(answer(request));
    },
    session: (): ApiSession => session,
    isOnline: () => true,
    ...overrides,
  });
  return { client, requests, session };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('the API client', () => {
  it('sends JSON with the session token under /api and parses the reply with the call’s schema', async () => {
    const { client, requests } = setup(() => json(200, { ok: true, extra: 'dropped' }));
    expect(await client.request('/thing', replySchema, { body: { a: 1 } })).toEqual({ ok: true });
    const [request] = requests;
    expect(request?.url).toBe('http://memento.test/api/thing');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('authorization')).toBe('Bearer session-token');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(await request?.json()).toEqual({ a: 1 });
  });

  it('sends the token it is given instead of the session’s, or none', async () => {
    const { client, requests } = setup(() => new Response(null, { status: 204 }));
    await client.send('/a', { method: 'POST', token: 'old-token' });
    await client.send('/b', { token: null });
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual(['Bearer old-token', null]);
    expect(requests[1]?.method).toBe('GET');
  });

  it('says offline without sending anything when the device has no network', async () => {
    const { client, requests } = setup(() => json(200, { ok: true }), { isOnline: () => false });
    const error = await failure(client.request('/thing', replySchema));
    expect(error).toMatchObject({ kind: 'offline', code: null, status: null });
    expect(requests).toEqual([]);
  });

  it('tells a request that got no answer from a server error', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failure(client.request('/thing', replySchema))).toMatchObject({ kind: 'network', status: null });
  });

  it('keeps the server’s error code, message and issues', async () => {
    const issues = [{ path: ['email'], message: 'Enter a valid e-mail address' }];
    const { client } = setup(() => json(400, { error: 'INVALID_REQUEST', message: 'The request body is not valid.', issues }));
    expect(await failure(client.request('/thing', replySchema))).toMatchObject({
      kind: 'server',
      code: 'INVALID_REQUEST',
      status: 400,
      message: 'The request body is not valid.',
      issues,
    });
  });

  it('falls back to the status when the error body is not ours (a proxy page, a newer server)', async () => {
    const { client } = setup(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect(await failure(client.request('/thing', replySchema))).toMatchObject({ kind: 'server', code: 'UNAVAILABLE' });
    const newer = setup(() => json(409, { error: 'SOMETHING_NEW' }));
    expect(await failure(newer.client.request('/thing', replySchema))).toMatchObject({ code: 'CONFLICT' });
  });

  it('calls a success it cannot read a bad reply', async () => {
    const { client } = setup(() => json(200, { ok: 'yes' }));
    expect(await failure(client.request('/thing', replySchema))).toMatchObject({ kind: 'bad-reply', status: 200 });
    const html = setup(() => new Response('<html></html>', { status: 200 }));
    expect(await failure(html.client.request('/thing', replySchema))).toMatchObject({ kind: 'bad-reply' });
  });

  it.each([400, 401])('signs the sent token out on %i INVALID_TOKEN', async (status) => {
    const { client, session } = setup(() => json(status, { error: 'INVALID_TOKEN', message: 'INVALID_TOKEN' }));
    expect(await failure(client.request('/refreshUser', replySchema))).toMatchObject({ code: 'INVALID_TOKEN', status });
    expect(session.onInvalidToken).toHaveBeenCalledWith('session-token');
  });

  it('does not sign anyone out for an INVALID_TOKEN to a request sent without a token, or another refusal', async () => {
    const { client, session } = setup(() => json(401, { error: 'INVALID_TOKEN' }));
    await failure(client.request('/thing', replySchema, { token: null }));
    const forbidden = setup(() => json(403, { error: 'FORBIDDEN' }));
    await failure(forbidden.client.request('/thing', replySchema));
    expect(session.onInvalidToken).not.toHaveBeenCalled();
    expect(forbidden.session.onInvalidToken).not.toHaveBeenCalled();
  });
});
