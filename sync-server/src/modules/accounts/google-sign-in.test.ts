import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { nonceReplySchema, signInReplySchema, type SignInReply } from '#core/schemas/auth';
import { serveApp } from '../../testing/app.ts';
import { useTestDatabase } from '../../testing/database.ts';
import type { TestServer } from '../../testing/http.ts';
import { createSession } from './session-repo.ts';
import { apiCall } from './testing/api-call.ts';
import { startTestGoogleIssuer, type TestGoogleIssuer } from './testing/google-issuer.ts';

const database = useTestDatabase();
let issuer: TestGoogleIssuer;
let server: TestServer;
beforeAll(async () => {
  issuer = await startTestGoogleIssuer();
  server = await serveApp(database().sql, { GOOGLE_CLIENT_ID: issuer.clientId, GOOGLE_JWKS_URL: issuer.jwksUrl });
});
afterAll(async () => {
  await server.close();
  await issuer.close();
});

const post = (path: string, body?: unknown) => apiCall(server.url, 'POST', path, { body });

async function newNonce(): Promise<string> {
  const response = await apiCall(server.url, 'GET', '/api/auth/nonce');
  expect(response.status).toBe(200);
  return nonceReplySchema.parse(response.body).nonce;
}

/** A token from Google for this server's sign-in: bound to a nonce the server just issued. */
async function freshToken(claims: Parameters<TestGoogleIssuer['sign']>[0] = {}): Promise<{ id_token: string; nonce: string }> {
  const nonce = await newNonce();
  return { id_token: await issuer.sign({ ...claims, nonce }), nonce };
}

async function signedIn(body: { id_token: string; nonce?: string }, path = '/api/newGoogleSignIn'): Promise<SignInReply> {
  const response = await post(path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return signInReplySchema.parse(response.body);
}

async function counts(): Promise<{ users: number; sessions: number }> {
  const [row] = await database().sql<{ users: number; sessions: number }[]>`
    select (select count(*) from users) as users, (select count(*) from sessions) as sessions
  `;
  if (!row) throw new Error('no counts');
  return row;
}

/** A refused sign-in: 400 SIGN_IN_FAILED with a message, and not a single row written. */
async function expectRefused(body: unknown, message: RegExp): Promise<void> {
  const before = await counts();
  const response = await post('/api/newGoogleSignIn', body);
  expect(response.status).toBe(400);
  const error = apiErrorBodySchema.parse(response.body);
  expect(error.error).toBe('SIGN_IN_FAILED');
  expect(error.message).toMatch(message);
  expect(response.body).not.toHaveProperty('token');
  expect(await counts()).toEqual(before);
}

describe('Google sign-in configuration', () => {
  it('names the client id for the Google button and refuses local sign-in', async () => {
    expect(await apiCall(server.url, 'GET', '/api/auth/config')).toMatchObject({
      status: 200,
      body: { mode: 'google', googleClientId: issuer.clientId },
    });
    const local = await post('/api/auth/local', { email: 'ada@example.test' });
    expect(local.status).toBe(403);
    expect(apiErrorBodySchema.parse(local.body).error).toBe('SIGN_IN_MODE');
  });
});

describe('POST /api/newGoogleSignIn and /api/googleSignin', () => {
  it('signs in with a valid token and its nonce, keyed by Google account', async () => {
    const nonce = await newNonce();
    const reply = await signedIn({ id_token: await issuer.sign({ sub: 'sub-valid', email: 'val@example.test', nonce }), nonce });
    expect(reply).toMatchObject({
      user_email: 'val@example.test',
      user_first_name: 'Ada',
      user_avatar_url: 'https://lh3.googleusercontent.com/a/ada',
      accountType: 0,
    });
    const me = await apiCall(server.url, 'GET', '/api/refreshUser', { token: reply.token });
    expect(me.status).toBe(200);

    // Same Google account, new address at Google: same account here, address follows.
    const later = await signedIn(await freshToken({ sub: 'sub-valid', email: 'val.new@example.test', iss: 'accounts.google.com' }), '/api/googleSignin');
    expect(later.userDetails.id).toBe(reply.userDetails.id);
    expect(later.user_email).toBe('val.new@example.test');
  });

  it('refuses a replayed token: its nonce is used up by the first sign-in', async () => {
    const nonce = await newNonce();
    const idToken = await issuer.sign({ sub: 'sub-replay', email: 'replay@example.test', nonce });
    await signedIn({ id_token: idToken, nonce });
    await expectRefused({ id_token: idToken, nonce }, /already used or has expired/);
    await expectRefused({ id_token: idToken }, /already used or has expired/);
  });

  it('refuses a nonce this server never issued, an expired one, and a mismatch', async () => {
    await expectRefused(
      { id_token: await issuer.sign({ nonce: 'made-up-nonce-value' }), nonce: 'made-up-nonce-value' },
      /already used or has expired/,
    );
    const stale = await newNonce();
    await database().sql`
      update auth_nonces set created_at = now() - interval '1 hour', expires_at = now() - interval '1 minute'
    `;
    await expectRefused({ id_token: await issuer.sign({ nonce: stale }), nonce: stale }, /already used or has expired/);

    const issued = await newNonce();
    await expectRefused({ id_token: await issuer.sign({ nonce: issued }), nonce: 'another-nonce' }, /does not belong/);
    await expectRefused({ id_token: await issuer.sign(), nonce: issued }, /does not belong/);
  });

  it('refuses a token for another app', async () => {
    await expectRefused({ id_token: await issuer.sign({ aud: 'someone-else.apps.googleusercontent.com' }) }, /another app/);
  });

  it('refuses a token from another issuer', async () => {
    await expectRefused({ id_token: await issuer.sign({ iss: 'https://accounts.example.test' }) }, /not issued by Google/);
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRefused({ id_token: await issuer.sign({ iat: now - 7200, exp: now - 3600 }) }, /expired/);
  });

  it.each([
    ['false', false],
    ['the string "true"', 'true'],
    ['missing', undefined],
  ])('refuses an account whose e-mail verification is %s', async (_case, verified) => {
    await expectRefused({ id_token: await issuer.sign({ email_verified: verified }) }, /not verified/);
  });

  it('refuses a token signed by anyone but Google', async () => {
    await expectRefused({ id_token: await issuer.sign({}, { key: 'impostor' }) }, /could not be verified/);
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const [header, , signature] = (await issuer.sign({ sub: 'sub-honest' })).split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'sub-victim', aud: issuer.clientId })).toString('base64url');
    await expectRefused({ id_token: `${header ?? ''}.${forged}.${signature ?? ''}` }, /could not be verified/);
  });

  it('refuses something that is not a token at all', async () => {
    await expectRefused({ id_token: 'not-a-jwt' }, /could not be verified/);
  });

  it('answers bad bodies with 400 INVALID_REQUEST', async () => {
    for (const body of [undefined, {}, { id_token: '' }, { id_token: 7 }, { id_token: 'a'.repeat(9000) }]) {
      const response = await post('/api/googleSignin', body);
      expect(response.status).toBe(400);
      expect(apiErrorBodySchema.parse(response.body).error).toBe('INVALID_REQUEST');
    }
  });
});

describe('accounts and Google identities', () => {
  it('links a local account with the same verified address instead of making a second one', async () => {
    const [local] = await database().sql<{ id: string }[]>`
      insert into users (email, first_name) values ('Grace@Example.test', '') returning id
    `;
    const reply = await signedIn(await freshToken({ sub: 'sub-grace', email: 'grace@example.test', given_name: 'Grace' }));
    expect(reply.userDetails.id).toBe(local?.id);
    expect(reply.user_first_name).toBe('Grace');
    const [row] = await database().sql<{ google_sub: string }[]>`select google_sub from users where id = ${reply.userDetails.id}`;
    expect(row?.google_sub).toBe('sub-grace');
  });

  it('refuses an address already linked to a different Google account', async () => {
    await database().sql`insert into users (email, google_sub) values ('taken@example.test', 'sub-owner')`;
    await expectRefused(await freshToken({ sub: 'sub-newcomer', email: 'taken@example.test' }), /linked to another Google account/);
  });

  it('ends the sessions a local account had before it is linked to Google (no pre-hijack)', async () => {
    // Someone signed in locally as the victim while the server ran without Google, and kept the token.
    const [local] = await database().sql<{ id: string }[]>`
      insert into users (email, first_name) values ('victim@example.test', '') returning id
    `;
    const attackerToken = await createSession(database().sql, local?.id ?? '');
    expect((await apiCall(server.url, 'GET', '/api/sync/pull?cursor=0', { token: attackerToken })).status).toBe(200);

    const reply = await signedIn(await freshToken({ sub: 'sub-victim', email: 'victim@example.test' }));
    expect(reply.userDetails.id).toBe(local?.id);
    expect((await apiCall(server.url, 'GET', '/api/sync/pull?cursor=0', { token: attackerToken })).status).toBe(401);
    expect((await apiCall(server.url, 'GET', '/api/refreshUser', { token: reply.token })).status).toBe(200);
  });

  it('refuses a token without a nonce on both paths, so a token cannot be replayed', async () => {
    const idToken = await issuer.sign({ sub: 'sub-no-nonce', email: 'nonce@example.test' });
    await expectRefused({ id_token: idToken }, /does not belong/);
    const legacy = await post('/api/googleSignin', { id_token: idToken });
    expect(legacy.status).toBe(400);
    expect(apiErrorBodySchema.parse(legacy.body).error).toBe('SIGN_IN_FAILED');
  });
});

describe('when Google cannot be reached', () => {
  it('answers 503 UNAVAILABLE and starts no session', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const offline = await serveApp(database().sql, {
      GOOGLE_CLIENT_ID: issuer.clientId,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs`,
    });
    try {
      const before = await counts();
      const response = await apiCall(offline.url, 'POST', '/api/newGoogleSignIn', { body: { id_token: await issuer.sign() } });
      expect(response.status).toBe(503);
      expect(apiErrorBodySchema.parse(response.body).error).toBe('UNAVAILABLE');
      expect(await counts()).toEqual(before);
    } finally {
      await offline.close();
    }
  });
});
