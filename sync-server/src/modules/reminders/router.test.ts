import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { publicKeyResponseSchema, saveSubscriptionResponseSchema } from '#core/schemas/reminders';
import { loadEnv } from '../../env.ts';
import { serveApp } from '../../testing/app.ts';
import { useTestDatabase } from '../../testing/database.ts';
import type { TestServer } from '../../testing/http.ts';
import { createTestUser, type TestUser } from '../../testing/users.ts';
import { createReminderSender } from './job.ts';
import { runDueReminders } from './service.ts';
import { browserKeys, startPushEndpoint } from './testing/push-endpoint.ts';

const database = useTestDatabase();
let server: TestServer;
let ada: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await serveApp(database().sql);
  ada = await createTestUser(database().sql, 'ada.reminders@example.test');
  bob = await createTestUser(database().sql, 'bob.reminders@example.test');
});
afterAll(() => server.close());

async function call(method: 'GET' | 'POST' | 'DELETE', path: string, options: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

function subscription(name: string) {
  const { p256dh, auth } = browserKeys();
  return { endpoint: `https://push.example.test/send/${name}`, expirationTime: null, keys: { p256dh, auth } };
}

const endpointsOf = (userId: string) =>
  database().sql<{ endpoint: string }[]>`select endpoint from push_subscriptions where user_id = ${userId} order by endpoint`;

describe('GET /api/reminders/public-key', () => {
  it('gives the VAPID public key made on first use and kept in app_settings', async () => {
    const first = await call('GET', '/api/reminders/public-key');
    expect(first.status).toBe(200);
    const { publicKey } = publicKeyResponseSchema.parse(first.body);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const [row] = await database().sql<{ value: { publicKey: string } }[]>`select value from app_settings where key = 'vapid_keys'`;
    expect(row?.value.publicKey).toBe(publicKey);
    // A second server on the same database (another instance, a restart) signs with the same pair.
    const other = await serveApp(database().sql);
    try {
      const again = await fetch(`${other.url}/api/reminders/public-key`).then((response): Promise<unknown> => response.json());
      expect(publicKeyResponseSchema.parse(again).publicKey).toBe(publicKey);
    } finally {
      await other.close();
    }
  });

  it('gives the configured key when VAPID_* is set', async () => {
    const configured = await serveApp(database().sql, {
      VAPID_PUBLIC_KEY: 'BConfiguredPublicKey_-123',
      VAPID_PRIVATE_KEY: 'configured-private',
      VAPID_SUBJECT: 'mailto:ops@example.test',
    });
    try {
      const body = await fetch(`${configured.url}/api/reminders/public-key`).then((response): Promise<unknown> => response.json());
      expect(body).toEqual({ publicKey: 'BConfiguredPublicKey_-123' });
    } finally {
      await configured.close();
    }
  });
});

describe('POST /api/reminders/subscriptions', () => {
  it('saves the browser subscription of the signed-in person', async () => {
    const response = await call('POST', '/api/reminders/subscriptions', { body: subscription('ada-laptop'), token: ada.token });
    expect(response.status).toBe(201);
    expect(saveSubscriptionResponseSchema.parse(response.body)).toEqual({ nextDueAt: null });
    expect(await endpointsOf(ada.userId)).toEqual([{ endpoint: 'https://push.example.test/send/ada-laptop' }]);
    // Saving again (a new key after the browser renewed it) keeps one row.
    expect((await call('POST', '/api/reminders/subscriptions', { body: subscription('ada-laptop'), token: ada.token })).status).toBe(201);
    expect(await endpointsOf(ada.userId)).toHaveLength(1);
  });

  it("does not let another account take a subscription by its endpoint URL; the browser's own keys move it", async () => {
    const adas = subscription('ada-tablet');
    expect((await call('POST', '/api/reminders/subscriptions', { body: adas, token: ada.token })).status).toBe(201);
    const keysOf = (endpoint: string) =>
      database().sql<{ user_id: string; p256dh: string; auth: string }[]>`
        select user_id, p256dh, auth from push_subscriptions where endpoint = ${endpoint}`;

    // Bob knows the URL (it is no secret to push services, logs, the browser's owner) but not the keys.
    const stolen = { ...subscription('unused'), endpoint: adas.endpoint };
    const byBob = await call('POST', '/api/reminders/subscriptions', { body: stolen, token: bob.token });
    expect(byBob.status).toBe(409);
    expect(apiErrorBodySchema.parse(byBob.body).error).toBe('SUBSCRIPTION_TAKEN');
    const halfKnown = { ...adas, keys: { ...adas.keys, auth: stolen.keys.auth } };
    expect((await call('POST', '/api/reminders/subscriptions', { body: halfKnown, token: bob.token })).status).toBe(409);
    expect(await keysOf(adas.endpoint)).toEqual([{ user_id: ada.userId, ...adas.keys }]);

    // Bob signed in on Ada's browser: the browser sends its own subscription, keys and all.
    expect((await call('POST', '/api/reminders/subscriptions', { body: adas, token: bob.token })).status).toBe(201);
    expect(await keysOf(adas.endpoint)).toEqual([{ user_id: bob.userId, ...adas.keys }]);
  });

  it('answers 401 without a live session', async () => {
    const none = await call('POST', '/api/reminders/subscriptions', { body: subscription('x') });
    expect(none.status).toBe(401);
    const bad = await call('POST', '/api/reminders/subscriptions', { body: subscription('x'), token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(apiErrorBodySchema.parse(bad.body).error).toBe('INVALID_TOKEN');
  });

  it.each([
    ['no body', undefined],
    ['not JSON', '{"endpoint":'],
    ['an array', [subscription('a')]],
    ['a string', '"https://push.example.test/x"'],
    ['no keys', { endpoint: 'https://push.example.test/x' }],
    ['a non-http endpoint', { ...subscription('a'), endpoint: 'ftp://push.example.test/x' }],
    ['an endpoint that is no URL', { ...subscription('a'), endpoint: 'push service' }],
    ['a short p256dh', { ...subscription('a'), keys: { p256dh: 'abc', auth: 'c2VjcmV0c2VjcmV0c2VjcmV0' } }],
    ['keys that are not base64url', { ...subscription('a'), keys: { p256dh: '+'.repeat(87), auth: '/'.repeat(22) } }],
    ['a huge endpoint', { ...subscription('a'), endpoint: `https://push.example.test/${'x'.repeat(3000)}` }],
  ])('answers 400, never 500, to %s', async (_name, body) => {
    const response = await call('POST', '/api/reminders/subscriptions', { body, token: ada.token });
    expect(response.status).toBe(400);
    expect(['INVALID_REQUEST', 'INVALID_JSON']).toContain(apiErrorBodySchema.parse(response.body).error);
  });
});

describe('POST /api/reminders/subscriptions: endpoints the server must not reach', () => {
  it.each([
    'http://127.0.0.1:18091/internal-admin/do-something?x=1',
    'https://127.0.0.1:18091/internal-admin/do-something?x=1',
    'https://localhost/push',
    'https://[::1]/push',
    'https://[::ffff:7f00:1]/push',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.1.2.3/push',
    'https://172.16.0.9/push',
    'https://192.168.1.1/push',
    'https://100.64.1.1/push',
    'https://[fd00::5]/push',
    'https://[fe80::1]/push',
    'https://0.0.0.0/push',
    'http://push.example.test/send/plain-http',
  ])('answers 400 PUSH_ENDPOINT_REFUSED to %s and keeps nothing', async (endpoint) => {
    const response = await call('POST', '/api/reminders/subscriptions', { body: { ...subscription('x'), endpoint }, token: bob.token });
    expect(response.status).toBe(400);
    const body = apiErrorBodySchema.parse(response.body);
    expect(body.error).toBe('PUSH_ENDPOINT_REFUSED');
    expect(body.message).toMatch(/https URL|public address/);
    expect(await endpointsOf(bob.userId)).not.toContainEqual({ endpoint });
  });

  it('never POSTs to an internal address, whether saved through the API or already in the table', async () => {
    const internal = await startPushEndpoint();
    try {
      const { userId, token } = await createTestUser(database().sql, 'mallory.reminders@example.test');
      await database().sql`
        insert into profiles (user_id, reminder_enabled, reminder_time, reminder_zone, rev) values (${userId}, true, 0, 'UTC', 1)`;
      const endpoint = `${internal.url}/internal-admin/do-something?x=1`;
      const saved = await call('POST', '/api/reminders/subscriptions', { body: { ...subscription('m'), endpoint }, token });
      expect(saved.status).toBe(400);

      // A row from before the rule (or written some other way) is refused again when sending.
      const { p256dh, auth } = browserKeys();
      await database().sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${userId}, ${endpoint}, ${p256dh}, ${auth})`;
      await database().sql`insert into reminder_jobs (user_id, due_at, profile_rev) values (${userId}, now() - interval '1 minute', 1)`;
      const sender = await createReminderSender(database().sql, loadEnv({ NODE_ENV: 'test' }).push);
      const result = await runDueReminders({ sql: database().sql, sender }, Date.now());
      expect(result).toMatchObject({ pushes: 0, failed: 1 });
      expect(internal.received).toEqual([]);
    } finally {
      await internal.close();
    }
  });
});

describe('DELETE /api/reminders/subscriptions', () => {
  it("removes only the caller's own subscription", async () => {
    await call('POST', '/api/reminders/subscriptions', { body: subscription('ada-phone'), token: ada.token });
    const mine = 'https://push.example.test/send/ada-phone';

    const byBob = await call('DELETE', '/api/reminders/subscriptions', { body: { endpoint: mine }, token: bob.token });
    expect(byBob).toEqual({ status: 200, body: { kept: false } });
    expect(await endpointsOf(ada.userId)).toContainEqual({ endpoint: mine });

    const anonymous = await call('DELETE', '/api/reminders/subscriptions', { body: { endpoint: mine } });
    expect(anonymous.status).toBe(401);
    expect(await endpointsOf(ada.userId)).toContainEqual({ endpoint: mine });

    const byAda = await call('DELETE', '/api/reminders/subscriptions', { body: { endpoint: mine }, token: ada.token });
    expect(byAda).toEqual({ status: 200, body: { kept: false } });
    expect(await endpointsOf(ada.userId)).not.toContainEqual({ endpoint: mine });
    // Again: nothing left to remove, same answer.
    expect(await call('DELETE', '/api/reminders/subscriptions', { body: { endpoint: mine }, token: ada.token })).toEqual({ status: 200, body: { kept: false } });
  });

  it.each([
    ['no body', undefined],
    ['not JSON', 'nope'],
    ['no endpoint', {}],
    ['a number endpoint', { endpoint: 42 }],
    ['an unknown purpose', { endpoint: 'https://push.example.test/send/x', purpose: 'weekly-digest' }],
  ])('answers 400 to %s', async (_name, body) => {
    const response = await call('DELETE', '/api/reminders/subscriptions', { body, token: ada.token });
    expect(response.status).toBe(400);
  });
});
