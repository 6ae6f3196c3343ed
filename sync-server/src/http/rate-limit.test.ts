import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { signInReplySchema } from '#core/schemas/auth';
import { housekeeping } from '../jobs/housekeeping.ts';
import { MAX_LIVE_SESSIONS } from '../modules/accounts/session-repo.ts';
import { apiCall } from '../modules/accounts/testing/api-call.ts';
import { serveApp } from '../testing/app.ts';
import { useTestDatabase } from '../testing/database.ts';
import type { TestServer } from '../testing/http.ts';
import { waitInWords } from './rate-limit.ts';

const database = useTestDatabase();
const LIMITS = { SIGN_IN_LIMIT_PER_EMAIL: '3', SIGN_IN_LIMIT_PER_CLIENT: '8', EVENTS_LIMIT_PER_CLIENT: '60' };
// Two instances on one database, as behind a load balancer: the limits are the database's.
let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  first = await serveApp(database().sql, LIMITS);
  second = await serveApp(database().sql, LIMITS);
});
afterAll(async () => {
  await first.close();
  await second.close();
});

const signIn = (server: TestServer, email: string) => apiCall(server.url, 'POST', '/api/auth/local', { body: { email } });

function expectLimited(response: Awaited<ReturnType<typeof signIn>>, words: RegExp) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60 * 60);
  const body = apiErrorBodySchema.parse(response.body);
  expect(body.error).toBe('RATE_LIMITED');
  expect(body.message).toMatch(words);
}

describe('sign-in limits, held across instances', () => {
  it('refuses a fourth sign-in as one address within the window, whichever instance it reaches', async () => {
    await database().sql`delete from rate_limit_hits`;
    expect((await signIn(first, 'limit@example.test')).status).toBe(200);
    expect((await signIn(second, 'LIMIT@example.test')).status).toBe(200);
    expect((await signIn(first, 'limit@example.test')).status).toBe(200);
    const refused = await signIn(second, 'limit@example.test');
    expectLimited(refused, /^Too many sign-ins as limit@example\.test\. Try again in \d+ (minutes?|seconds?)\.$/);
    expect((await signIn(first, 'other@example.test')).status).toBe(200);
  });

  it('refuses sign-ins from one client address beyond its limit, for any e-mail', async () => {
    await database().sql`delete from rate_limit_hits`;
    for (let index = 0; index < 8; index += 1) {
      expect((await signIn(index % 2 === 0 ? first : second, `client${index}@example.test`)).status).toBe(200);
    }
    expectLimited(await signIn(first, 'client-late@example.test'), /^Too many sign-ins\. Try again in/);
  });
});

describe('analytics limits', () => {
  it('counts every event of a batch, so batches cannot fill the table', async () => {
    await database().sql`delete from rate_limit_hits`;
    await database().sql`delete from events`;
    const batch = Array.from({ length: 50 }, () => ({ name: 'page_view', path: '/life' }));
    expect((await apiCall(first.url, 'POST', '/api/events', { body: batch })).status).toBe(204);
    expectLimited(await apiCall(second.url, 'POST', '/api/events', { body: batch }), /^Too many events\./);
    const [row] = await database().sql<{ count: number }[]>`select count(*)::int as count from events`;
    expect(row?.count).toBe(50);
  });
});

describe('sessions', () => {
  it(`keeps at most ${MAX_LIVE_SESSIONS} live sessions per account, ending the oldest`, async () => {
    const open = await serveApp(database().sql);
    try {
      const tokens: string[] = [];
      for (let index = 0; index < MAX_LIVE_SESSIONS + 2; index += 1) {
        const response = await signIn(open, 'many.devices@example.test');
        tokens.push(signInReplySchema.parse(response.body).token);
      }
      const [row] = await database().sql<{ live: number }[]>`
        select count(*)::int as live from sessions s join users u on u.id = s.user_id
        where u.email = 'many.devices@example.test' and s.revoked_at is null and s.expires_at > now()
      `;
      expect(row?.live).toBe(MAX_LIVE_SESSIONS);
      const status = async (token: string | undefined) => (await apiCall(open.url, 'GET', '/api/refreshUser', { token })).status;
      expect(await status(tokens[0])).toBe(400);
      expect(await status(tokens[1])).toBe(400);
      expect(await status(tokens[2])).toBe(200);
      expect(await status(tokens.at(-1))).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('housekeeping', () => {
  it('deletes ended sessions, old windows and events past their retention, and nothing current', async () => {
    const sql = database().sql;
    await sql`delete from events`;
    await sql`delete from rate_limit_hits`;
    const [user] = await sql<{ id: string }[]>`insert into users (email) values ('house@example.test') returning id`;
    const id = user?.id ?? '';
    await sql`
      insert into sessions (user_id, token_hash, created_at, expires_at, revoked_at) values
        (${id}, ${Buffer.alloc(32, 1)}, now() - interval '100 days', now() - interval '10 days', null),
        (${id}, ${Buffer.alloc(32, 2)}, now() - interval '3 days', now() + interval '80 days', now() - interval '2 days'),
        (${id}, ${Buffer.alloc(32, 3)}, now(), now() + interval '90 days', null)
    `;
    await sql`insert into events (name, path, created_at) values ('page_view', '/old', now() - interval '181 days'), ('page_view', '/new', now())`;
    await sql`insert into rate_limit_hits (bucket, window_start, hits) values ('x', now() - interval '2 days', 1), ('y', now(), 1)`;

    expect(await housekeeping(sql)).toMatchObject({ sessions: 2, windows: 1, events: 1 });
    expect(await sql`select token_hash from sessions where user_id = ${id}`).toHaveLength(1);
    expect((await sql<{ path: string }[]>`select path from events`).map((row) => row.path)).toEqual(['/new']);
    expect((await sql<{ bucket: string }[]>`select bucket from rate_limit_hits`).map((row) => row.bucket)).toEqual(['y']);
  });
});

describe('waitInWords', () => {
  it.each([
    [1, '1 second'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('%i s is "%s"', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });
});
