import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reminderPushSchema, subscriptionStatusResponseSchema } from '#core/schemas/reminders';
import { createPushSender, type PushSender } from '../../providers/push.ts';
import { serveApp } from '../../testing/app.ts';
import { useTestDatabase } from '../../testing/database.ts';
import type { TestServer } from '../../testing/http.ts';
import { livePost } from '../../testing/local-hn/live-post.ts';
import { startLocalHn, type LocalHn } from '../../testing/local-hn/local-hn.ts';
import { createTestUser, type TestUser } from '../../testing/users.ts';
import { noticesOf, person, subscribe, track, watchInstance, type Clock, type Instance } from '../hn/testing/watch-fixture.ts';
import { REMINDER_TOPIC, REMINDER_TTL_SECONDS } from './job.ts';
import { runDueReminders } from './service.ts';
import { browserKeys, LOCAL_PUSH_ENDPOINTS, startPushEndpoint, type BrowserKeys, type PushEndpoint } from './testing/push-endpoint.ts';

/**
 * One browser subscription, two kinds of push: the daily reminder (one setting per person, in
 * the synced profile) and the launch tracker's new-comment notices (turned on per browser from
 * /hnrd). Turning the notices on must not start daily reminders, and neither switch may take the
 * other's pushes away from a browser when it is turned off.
 */

const database = useTestDatabase();
const MINUTE = 60_000;
const keys = webpush.generateVAPIDKeys();
let endpoint: PushEndpoint;
let reminderSender: PushSender;
let local: LocalHn;
let server: TestServer;
const clock: Clock = { now: Date.now() };
let watch: Instance;

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  reminderSender = createPushSender({ keys, subject: 'mailto:t@memento.test', ttlSeconds: REMINDER_TTL_SECONDS, topic: REMINDER_TOPIC, endpoints: LOCAL_PUSH_ENDPOINTS });
  local = await startLocalHn();
  watch = await watchInstance(database().sql, local, clock);
  server = await serveApp(database().sql, { PUSH_ALLOW_LOOPBACK_ENDPOINTS: 'true' });
});
afterAll(async () => {
  await server.close();
  await local.close();
  await endpoint.close();
});
beforeEach(async () => {
  endpoint.received.length = 0;
  await database().sql`delete from users`;
  await database().sql`delete from hn_watch`;
});

let people = 0;
async function someone(): Promise<TestUser & { browser: BrowserKeys; endpoint: string; path: string }> {
  const user = await createTestUser(database().sql, `purposes${String(++people)}@example.test`);
  const path = `/push/${user.userId}`;
  return { ...user, browser: browserKeys(), endpoint: `${endpoint.url}${path}`, path };
}

type Someone = Awaited<ReturnType<typeof someone>>;

async function call(method: 'GET' | 'POST' | 'DELETE', path: string, who: Someone | null, body?: unknown) {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (who !== null) headers.authorization = who.authorization;
  const response = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** What the app's switches send: the browser's subscription, saved or let go for a purpose. */
const turnOn = (who: Someone, purpose?: 'hn-comments') =>
  call('POST', '/api/reminders/subscriptions', who, { endpoint: who.endpoint, keys: { p256dh: who.browser.p256dh, auth: who.browser.auth }, purpose });
const turnOff = (who: Someone, purpose?: 'hn-comments') => call('DELETE', '/api/reminders/subscriptions', who, { endpoint: who.endpoint, purpose });
const status = async (who: Someone, of: Someone = who) =>
  subscriptionStatusResponseSchema.parse((await call('GET', `/api/reminders/subscriptions/status?endpoint=${encodeURIComponent(of.endpoint)}`, who)).body);

/** The daily reminder as the synced profile says it (a sync push writes the same columns and a new rev). */
async function dailyReminder(who: Someone, enabled: boolean): Promise<void> {
  await database().sql`
    insert into profiles (user_id, reminder_enabled, reminder_time, reminder_zone, rev)
    values (${who.userId}, ${enabled}, ${8 * 60}, 'UTC', 1)
    on conflict (user_id) do update set reminder_enabled = excluded.reminder_enabled, rev = profiles.rev + 1`;
}

const remindersAt = (iso: string) => runDueReminders({ sql: database().sql, sender: reminderSender }, Date.parse(iso));
const dailyPushesTo = (who: Someone) =>
  endpoint.received.filter((push) => push.path === who.path).map((push) => reminderPushSchema.parse(JSON.parse(who.browser.decrypt(push.body))));

describe('turning on new-comment notices', () => {
  it('starts no daily reminder, on this browser or any, until the person turns the daily reminder on', async () => {
    const ada = await someone();
    // She once chose a time, then turned the daily reminder off.
    await dailyReminder(ada, false);
    const saved = await turnOn(ada, 'hn-comments');
    expect(saved).toEqual({ status: 201, body: { nextDueAt: null } });
    expect(await status(ada)).toEqual({ saved: true, hnComments: true });

    for (const hour of ['2025-06-10T08:00:00Z', '2025-06-10T20:00:00Z', '2025-06-11T08:00:00Z']) {
      expect(await remindersAt(hour)).toMatchObject({ reminded: 0, pushes: 0 });
    }
    expect(endpoint.received).toEqual([]);

    // Her own choice, later: the daily reminder reaches the browsers she has, this one too.
    await dailyReminder(ada, true);
    expect(await remindersAt('2025-06-11T09:00:00Z')).toMatchObject({ replanned: 1, reminded: 1, pushes: 1 });
    expect(dailyPushesTo(ada).map((push) => push.day)).toEqual(['2025-06-11']);
  });
});

describe('which browsers get new-comment notices', () => {
  it('only those turned on for them: a browser saved by the daily reminder’s switch alone gets none', async () => {
    const post = livePost(local, { id: 81_000_000, postedAt: clock.now - 10 * MINUTE, comments: [{ by: 'early' }] });
    const bea = await person(database().sql, endpoint, { subscribed: false, now: clock.now });
    const path = await subscribe(database().sql, endpoint, bea.userId, bea.browser, clock.now, 'daily-reminder');
    await track(database().sql, watch.threads, bea, post.link);
    await watch.pass();
    post.comment('zoe');
    clock.now += 2 * MINUTE;
    expect(await watch.pass()).toMatchObject({ checked: 1, pushes: 0 });
    expect(endpoint.received).toEqual([]);

    // Turned on from /hnrd: the same browser, now for notices too; saving it again for the daily reminder keeps them.
    await subscribe(database().sql, endpoint, bea.userId, bea.browser, clock.now, 'hn-comments');
    await subscribe(database().sql, endpoint, bea.userId, bea.browser, clock.now, 'daily-reminder');
    post.comment('yan');
    clock.now += 2 * MINUTE;
    await watch.pass();
    expect(noticesOf(endpoint, { ...bea, path }).map((notice) => notice.count)).toEqual([1]);
  });
});

describe('turning one off leaves the other', () => {
  it('the daily reminder’s switch off keeps a browser that takes notices', async () => {
    const ada = await someone();
    await dailyReminder(ada, true);
    await turnOn(ada);
    await turnOn(ada, 'hn-comments');
    await dailyReminder(ada, false);
    expect(await turnOff(ada)).toEqual({ status: 200, body: { kept: true } });
    expect(await status(ada)).toEqual({ saved: true, hnComments: true });
  });

  it('the notices off keep the browser while the daily reminder is on, and forget it once nothing uses it', async () => {
    const ada = await someone();
    await dailyReminder(ada, true);
    await turnOn(ada, 'hn-comments');
    expect(await turnOff(ada, 'hn-comments')).toEqual({ status: 200, body: { kept: true } });
    expect(await status(ada)).toEqual({ saved: true, hnComments: false });
    // The daily reminder still reaches it, when it is next due.
    const [job] = await database().sql<{ due_at: Date | null }[]>`select due_at from reminder_jobs where user_id = ${ada.userId}`;
    expect(job?.due_at).toBeInstanceOf(Date);
    expect(await remindersAt(job?.due_at?.toISOString() ?? '')).toMatchObject({ reminded: 1, pushes: 1 });
    expect(dailyPushesTo(ada)).toHaveLength(1);

    await dailyReminder(ada, false);
    await turnOn(ada, 'hn-comments');
    expect(await turnOff(ada, 'hn-comments')).toEqual({ status: 200, body: { kept: false } });
    expect(await status(ada)).toEqual({ saved: false, hnComments: false });
    // Again, with nothing left: the same answer.
    expect(await turnOff(ada, 'hn-comments')).toEqual({ status: 200, body: { kept: false } });
  });
});

describe('owner only', () => {
  it('tells nobody else what a browser takes, and lets nobody else turn it off', async () => {
    const ada = await someone();
    const bob = await someone();
    await turnOn(ada, 'hn-comments');
    expect(await status(bob, ada)).toEqual({ saved: false, hnComments: false });
    expect(await call('DELETE', '/api/reminders/subscriptions', bob, { endpoint: ada.endpoint, purpose: 'hn-comments' })).toEqual({
      status: 200,
      body: { kept: false },
    });
    expect(await status(ada)).toEqual({ saved: true, hnComments: true });
    expect((await call('GET', `/api/reminders/subscriptions/status?endpoint=${encodeURIComponent(ada.endpoint)}`, null)).status).toBe(401);
  });

  it('a browser that moves to another account (same keys: the same browser profile) does not take the first one’s notices along', async () => {
    const ada = await someone();
    const bob = { ...(await someone()), browser: ada.browser, endpoint: ada.endpoint, path: ada.path };
    await turnOn(ada, 'hn-comments');
    expect((await turnOn(bob)).status).toBe(201);
    expect(await status(bob)).toEqual({ saved: true, hnComments: false });
    expect(await status(ada)).toEqual({ saved: false, hnComments: false });
  });

  it.each([
    ['no endpoint', ''],
    ['an endpoint that is no URL', '?endpoint=nope'],
  ])('answers a status request with %s with 400 INVALID_REQUEST', async (_name, query) => {
    const ada = await someone();
    expect(await call('GET', `/api/reminders/subscriptions/status${query}`, ada)).toMatchObject({ status: 400, body: { error: 'INVALID_REQUEST' } });
  });

  it('answers a subscription saved for an unknown purpose with 400 INVALID_REQUEST', async () => {
    const ada = await someone();
    const body = { endpoint: ada.endpoint, keys: { p256dh: ada.browser.p256dh, auth: ada.browser.auth }, purpose: 'digest' };
    expect(await call('POST', '/api/reminders/subscriptions', ada, body)).toMatchObject({ status: 400, body: { error: 'INVALID_REQUEST' } });
  });
});
