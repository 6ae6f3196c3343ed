import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { signInReplySchema, userReplySchema, type SignInReply } from '#core/schemas/auth';
import { serveApp } from '../../testing/app.ts';
import { useTestDatabase } from '../../testing/database.ts';
import type { TestServer } from '../../testing/http.ts';
import { apiCall } from './testing/api-call.ts';

const database = useTestDatabase();
let server: TestServer;
beforeAll(async () => {
  server = await serveApp(database().sql);
});
afterAll(() => server.close());

const post = (path: string, body?: unknown, token?: string) => apiCall(server.url, 'POST', path, { body, token });
const get = (path: string, token?: string) => apiCall(server.url, 'GET', path, { token });

async function signIn(email: string, name?: string): Promise<SignInReply> {
  const response = await post('/api/auth/local', name === undefined ? { email } : { email, name });
  expect(response.status).toBe(200);
  return signInReplySchema.parse(response.body);
}

async function sessionCount(): Promise<number> {
  const [row] = await database().sql<{ count: number }[]>`select count(*) as count from sessions`;
  return row?.count ?? 0;
}

function errorOf(body: unknown) {
  return apiErrorBodySchema.parse(body);
}

describe('sign-in configuration', () => {
  it('says the server signs in locally when Google is not configured', async () => {
    expect(await get('/api/auth/config')).toMatchObject({ status: 200, body: { mode: 'local' } });
  });

  it('refuses the Google calls with SIGN_IN_MODE', async () => {
    for (const path of ['/api/newGoogleSignIn', '/api/googleSignin']) {
      const response = await post(path, { id_token: 'x.y.z' });
      expect(response.status).toBe(403);
      expect(errorOf(response.body).error).toBe('SIGN_IN_MODE');
    }
    const nonce = await get('/api/auth/nonce');
    expect(nonce.status).toBe(403);
    expect(errorOf(nonce.body).error).toBe('SIGN_IN_MODE');
  });
});

describe('POST /api/auth/local', () => {
  it('creates the account on first use and answers the stored-user shape with a session', async () => {
    const reply = await signIn('  Ada@Example.test ', 'Ada');
    expect(reply.token.length).toBeGreaterThanOrEqual(43);
    expect(reply).toEqual({
      token: reply.token,
      userDetails: { id: reply.userDetails.id, email: 'Ada@Example.test', first_name: 'Ada', avatar_url: '', accountType: 0 },
      user_email: 'Ada@Example.test',
      user_first_name: 'Ada',
      user_avatar_url: '',
      accountType: 0,
    });
    const me = await get('/api/refreshUser', reply.token);
    expect(me.status).toBe(200);
    expect(userReplySchema.parse(me.body).userDetails.id).toBe(reply.userDetails.id);
  });

  it('finds the same account whatever the case of the address, keeping the name unless a new one is given', async () => {
    const first = await signIn('grace@example.test', 'Grace');
    const again = await signIn('GRACE@example.test');
    expect(again.userDetails.id).toBe(first.userDetails.id);
    expect(again.user_first_name).toBe('Grace');
    expect(again.token).not.toBe(first.token);
    const renamed = await signIn('grace@example.test', 'Gracie');
    expect(renamed.user_first_name).toBe('Gracie');
  });

  it('never opens an account linked to Google', async () => {
    await database().sql`insert into users (email, google_sub) values ('linked@example.test', 'google-1')`;
    const before = await sessionCount();
    const response = await post('/api/auth/local', { email: 'Linked@example.test' });
    expect(response.status).toBe(400);
    expect(errorOf(response.body)).toMatchObject({ error: 'SIGN_IN_FAILED', message: 'This account signs in with Google.' });
    expect(await sessionCount()).toBe(before);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a missing address', { name: 'Ada' }],
    ['an address without @', { email: 'ada.example.test' }],
    ['an address of 321 characters', { email: `${'a'.repeat(308)}@example.test` }],
    ['a name of 101 characters', { email: 'ada@example.test', name: 'n'.repeat(101) }],
    ['a number for the address', { email: 42 }],
    ['an array', [{ email: 'ada@example.test' }]],
  ])('answers %s with 400 INVALID_REQUEST', async (_case, body) => {
    const response = await post('/api/auth/local', body);
    expect(response.status).toBe(400);
    const error = errorOf(response.body);
    expect(error.error).toBe('INVALID_REQUEST');
    expect(error.issues?.length).toBeGreaterThan(0);
  });

  it('answers a body that is not JSON with 400 INVALID_JSON', async () => {
    const response = await post('/api/auth/local', '{"email": ');
    expect(response.status).toBe(400);
    expect(errorOf(response.body).error).toBe('INVALID_JSON');
  });
});

describe('refreshUser', () => {
  it('answers GET and POST with the account of the token, and only that account', async () => {
    const ada = await signIn('ada.refresh@example.test', 'Ada');
    const bob = await signIn('bob.refresh@example.test', 'Bob');
    await database().sql`update users set account_type = 1 where id = ${bob.userDetails.id}`;

    const adaSees = await post('/api/refreshUser', {}, ada.token);
    expect(adaSees.status).toBe(200);
    expect(userReplySchema.parse(adaSees.body)).toMatchObject({ user_email: 'ada.refresh@example.test', accountType: 0 });

    const bobSees = await get('/api/refreshUser', bob.token);
    expect(bobSees.body).toEqual({
      userDetails: { ...bob.userDetails, accountType: 1 },
      user_email: 'bob.refresh@example.test',
      user_first_name: 'Bob',
      user_avatar_url: '',
      accountType: 1,
      // The paid plan behind the account type (modules/billing): none, for an account set by hand.
      plan: expect.objectContaining({ accountType: 1, status: 'none', hasBillingAccount: false }) as unknown,
    });
    expect(bobSees.body).not.toHaveProperty('token');
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'not a token'],
    ['an unknown token', 'A'.repeat(43)],
  ])('answers %s with 400 INVALID_TOKEN, as the first version did', async (_case, token) => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await apiCall(server.url, method, '/api/refreshUser', { token, body: method === 'POST' ? {} : undefined });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'INVALID_TOKEN', message: 'INVALID_TOKEN' });
    }
  });

  it('refuses an expired session', async () => {
    const ada = await signIn('ada.expired@example.test');
    await database().sql`
      update sessions set created_at = now() - interval '2 days', expires_at = now() - interval '1 day'
      where user_id = ${ada.userDetails.id}
    `;
    expect((await get('/api/refreshUser', ada.token)).status).toBe(400);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session of the token and no other, not even the same person on another device', async () => {
    const phone = await signIn('ada.logout@example.test');
    const laptop = await signIn('ada.logout@example.test');
    const bob = await signIn('bob.logout@example.test');

    const response = await post('/api/auth/logout', undefined, phone.token);
    expect(response).toMatchObject({ status: 204, body: null });

    expect((await get('/api/refreshUser', phone.token)).status).toBe(400);
    expect((await get('/api/refreshUser', laptop.token)).status).toBe(200);
    expect((await get('/api/refreshUser', bob.token)).status).toBe(200);
  });

  it('answers a missing or already ended session with 401 INVALID_TOKEN', async () => {
    const ada = await signIn('ada.twice@example.test');
    expect((await post('/api/auth/logout', undefined, ada.token)).status).toBe(204);
    for (const token of [ada.token, undefined]) {
      const response = await post('/api/auth/logout', undefined, token);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(errorOf(response.body).error).toBe('INVALID_TOKEN');
    }
  });
});
