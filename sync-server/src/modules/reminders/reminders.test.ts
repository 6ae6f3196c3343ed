import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reminderPushSchema } from '#core/schemas/reminders';
import { createSql, type Sql } from '../../db/client.ts';
import { createPushSender, type PushSender } from '../../providers/push.ts';
import { useTestDatabase } from '../../testing/database.ts';
import { createTestUser } from '../../testing/users.ts';
import { createLogger } from '../../logger.ts';
import { REMINDER_TOPIC, REMINDER_TTL_SECONDS, startReminderLoop } from './job.ts';
import { MAX_SUBSCRIPTIONS_PER_USER, RETRY_MS, runDueReminders, saveSubscription } from './service.ts';
import { browserKeys, LOCAL_PUSH_ENDPOINTS, startPushEndpoint, verifyVapidAuthorization, type BrowserKeys, type PushEndpoint } from './testing/push-endpoint.ts';
import { paths } from '#core/paths';

const database = useTestDatabase();
const keys = webpush.generateVAPIDKeys();
const SUBJECT = 'mailto:reminders@memento.test';
let endpoint: PushEndpoint;
let sender: PushSender;

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  sender = createPushSender({ keys, subject: SUBJECT, ttlSeconds: REMINDER_TTL_SECONDS, topic: REMINDER_TOPIC, endpoints: LOCAL_PUSH_ENDPOINTS });
});
afterAll(() => endpoint.close());
beforeEach(async () => {
  endpoint.received.length = 0;
  await database().sql`delete from users`;
});

const at = (iso: string) => Date.parse(iso);
const run = (now: number, sql: Sql = database().sql) => runDueReminders({ sql, sender }, now);

interface Person {
  readonly userId: string;
  readonly path: string;
  readonly browser: BrowserKeys;
}

let people = 0;
async function person(
  settings: { minutes: number; zone: string; dayStart?: number; doneRule?: string },
  now: number,
  sql: Sql = database().sql,
): Promise<Person> {
  const { userId } = await createTestUser(sql, `person${++people}@example.test`);
  await sql`
    insert into profiles (user_id, reminder_enabled, reminder_time, reminder_zone, day_start_minutes, done_rule, rev)
    values (${userId}, true, ${settings.minutes}, ${settings.zone}, ${settings.dayStart ?? 0}, ${settings.doneRule ?? 'both'}, 1)`;
  const browser = browserKeys();
  const path = `/push/${userId}`;
  await saveSubscription(sql, userId, { endpoint: `${endpoint.url}${path}`, keys: { p256dh: browser.p256dh, auth: browser.auth } }, now, LOCAL_PUSH_ENDPOINTS);
  return { userId, path, browser };
}

async function job(userId: string) {
  const [row] = await database().sql<{ due_at: Date | null; last_sent_day: string | null }[]>`
    select due_at, last_sent_day from reminder_jobs where user_id = ${userId}`;
  return { dueAt: row?.due_at?.toISOString() ?? null, lastSentDay: row?.last_sent_day ?? null };
}

async function markDone(userId: string, day: string, done: { mortality: boolean; gratitude: boolean } = { mortality: true, gratitude: true }) {
  await database().sql`
    insert into exercises (user_id, day, mortality, gratitude, rev) values (${userId}, ${day}, ${done.mortality}, ${done.gratitude}, 2)`;
}

describe('runDueReminders', () => {
  it('sends a real encrypted Web Push at the chosen local time, once for the day', async () => {
    const ada = await person({ minutes: 20 * 60, zone: 'America/New_York' }, at('2025-06-10T12:00:00Z'));
    expect(await job(ada.userId)).toEqual({ dueAt: '2025-06-11T00:00:00.000Z', lastSentDay: null });

    expect((await run(at('2025-06-10T23:59:59Z'))).pushes).toBe(0);
    expect(endpoint.received).toHaveLength(0);

    const result = await run(at('2025-06-11T00:00:00Z'));
    expect(result).toMatchObject({ reminded: 1, pushes: 1, gone: 0, failed: 0 });
    expect(endpoint.received).toHaveLength(1);
    const [request] = endpoint.received;
    if (!request) throw new Error('no request');
    expect(request.method).toBe('POST');
    expect(request.path).toBe(ada.path);
    expect(request.headers.ttl).toBe(String(REMINDER_TTL_SECONDS));
    expect(Number(request.headers.ttl)).toBeLessThanOrEqual(6 * 3600);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers['content-type']).toBe('application/octet-stream');
    expect(request.headers.urgency).toBe('normal');
    expect(request.headers.topic).toBe(REMINDER_TOPIC);
    expect(Number(request.headers['content-length'])).toBe(request.body.length);

    const { claims, publicKey } = verifyVapidAuthorization(request.headers.authorization);
    expect(publicKey).toBe(keys.publicKey);
    expect(claims.aud).toBe(endpoint.url);
    expect(claims.sub).toBe(SUBJECT);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());

    // aes128gcm: 16 salt + 4 record size + 1 + 65 key id + ciphertext + 16 tag.
    expect(request.body.length).toBeGreaterThan(86 + 16);
    const payload = reminderPushSchema.parse(JSON.parse(ada.browser.decrypt(request.body)));
    expect(payload).toMatchObject({ kind: 'daily-reminder', day: '2025-06-10', url: paths.dashboard.href() });

    expect(await job(ada.userId)).toEqual({ dueAt: '2025-06-12T00:00:00.000Z', lastSentDay: '2025-06-10' });
  });

  it('does not send twice for a day already reminded', async () => {
    const ada = await person({ minutes: 9 * 60, zone: 'Europe/Berlin' }, at('2025-06-10T05:00:00Z'));
    await run(at('2025-06-10T07:00:00Z'));
    expect(endpoint.received).toHaveLength(1);
    // Someone forces the job due again the same day (a replan, a clock step): still nothing.
    await database().sql`update reminder_jobs set due_at = ${new Date(at('2025-06-10T08:00:00Z'))} where user_id = ${ada.userId}`;
    expect((await run(at('2025-06-10T09:00:00Z'))).pushes).toBe(0);
    expect(endpoint.received).toHaveLength(1);
    expect(await job(ada.userId)).toEqual({ dueAt: '2025-06-11T07:00:00.000Z', lastSentDay: '2025-06-10' });
  });

  it('sends nothing when today is already done, and plans tomorrow', async () => {
    const ada = await person({ minutes: 20 * 60, zone: 'America/New_York' }, at('2025-06-10T12:00:00Z'));
    await markDone(ada.userId, '2025-06-10');
    const result = await run(at('2025-06-11T00:00:00Z'));
    expect(result.pushes).toBe(0);
    expect(endpoint.received).toHaveLength(0);
    expect(await job(ada.userId)).toEqual({ dueAt: '2025-06-12T00:00:00.000Z', lastSentDay: null });
  });

  it("honours the person's done rule: under 'gratitude' the gratitude journal alone makes today done", async () => {
    const ada = await person({ minutes: 20 * 60, zone: 'America/New_York', doneRule: 'gratitude' }, at('2025-06-10T12:00:00Z'));
    const bea = await person({ minutes: 20 * 60, zone: 'America/New_York' }, at('2025-06-10T12:00:00Z'));
    await markDone(ada.userId, '2025-06-10', { mortality: false, gratitude: true });
    await markDone(bea.userId, '2025-06-10', { mortality: false, gratitude: true });
    const result = await run(at('2025-06-11T00:00:00Z'));
    // Under the default rule ('both') the gratitude journal alone leaves the day open: only Bea is reminded.
    expect(result.pushes).toBe(1);
    expect(endpoint.received.map((request) => request.path)).toEqual([bea.path]);
    expect(await job(ada.userId)).toEqual({ dueAt: '2025-06-12T00:00:00.000Z', lastSentDay: null });
    expect(await job(bea.userId)).toEqual({ dueAt: '2025-06-12T00:00:00.000Z', lastSentDay: '2025-06-10' });
  });

  it('keeps the local time across a daylight-saving change (23-hour day)', async () => {
    const ada = await person({ minutes: 20 * 60, zone: 'America/New_York' }, at('2025-03-08T12:00:00Z'));
    // 8 pm EST on Saturday, March 8 is 01:00 UTC.
    expect((await job(ada.userId)).dueAt).toBe('2025-03-09T01:00:00.000Z');
    await run(at('2025-03-09T01:00:00Z'));
    expect(endpoint.received).toHaveLength(1);
    // The clocks spring forward on Sunday: 8 pm EDT is 00:00 UTC, 23 hours later.
    expect(await job(ada.userId)).toEqual({ dueAt: '2025-03-10T00:00:00.000Z', lastSentDay: '2025-03-08' });
    await run(at('2025-03-09T23:59:00Z'));
    expect(endpoint.received).toHaveLength(1);
    await run(at('2025-03-10T00:00:00Z'));
    expect(endpoint.received).toHaveLength(2);
    const second = endpoint.received[1];
    if (!second) throw new Error('no second push');
    expect(JSON.parse(ada.browser.decrypt(second.body))).toMatchObject({ day: '2025-03-09' });
  });

  it('sends a reminder set inside the skipped hour when the clocks resume', async () => {
    // 2:30 am does not exist on March 9, 2025 in New York: it comes at 3:00 EDT (07:00 UTC).
    const ada = await person({ minutes: 150, zone: 'America/New_York' }, at('2025-03-09T05:00:00Z'));
    expect((await job(ada.userId)).dueAt).toBe('2025-03-09T07:00:00.000Z');
    await run(at('2025-03-09T07:00:00Z'));
    expect(endpoint.received).toHaveLength(1);
    // Back to 2:30 EDT the next day.
    expect((await job(ada.userId)).dueAt).toBe('2025-03-10T06:30:00.000Z');
  });

  it('forgets a subscription the push service calls gone (410, 404) and keeps the others', async () => {
    const ada = await person({ minutes: 20 * 60, zone: 'UTC' }, at('2025-06-10T12:00:00Z'));
    const other = browserKeys();
    await saveSubscription(
      database().sql,
      ada.userId,
      { endpoint: `${endpoint.url}/push/ada-phone`, keys: { p256dh: other.p256dh, auth: other.auth } },
      at('2025-06-10T12:00:00Z'),
      LOCAL_PUSH_ENDPOINTS,
    );
    endpoint.answer(ada.path, 410);
    const result = await run(at('2025-06-10T20:00:00Z'));
    expect(result).toMatchObject({ reminded: 1, pushes: 1, gone: 1 });
    const left = await database().sql<{ endpoint: string }[]>`select endpoint from push_subscriptions where user_id = ${ada.userId}`;
    expect(left).toEqual([{ endpoint: `${endpoint.url}/push/ada-phone` }]);

    endpoint.answer('/push/ada-phone', 404);
    await run(at('2025-06-11T20:00:00Z'));
    expect(await database().sql`select 1 from push_subscriptions where user_id = ${ada.userId}`).toHaveLength(0);
    // No browser left to remind: nothing planned.
    expect((await job(ada.userId)).dueAt).toBeNull();
  });

  it('tries again later, without counting the day as reminded, when the push service fails', async () => {
    const ada = await person({ minutes: 20 * 60, zone: 'UTC' }, at('2025-06-10T12:00:00Z'));
    endpoint.answer(ada.path, 503);
    const now = at('2025-06-10T20:00:00Z');
    expect(await run(now)).toMatchObject({ reminded: 0, failed: 1 });
    expect(await job(ada.userId)).toEqual({ dueAt: new Date(now + RETRY_MS).toISOString(), lastSentDay: null });
    endpoint.answer(ada.path, 201);
    expect(await run(now + RETRY_MS)).toMatchObject({ reminded: 1 });
  });

  it('leaves a failing subscription alone for a while, longer after each failure, and clears that on success', async () => {
    const ada = await person({ minutes: 20 * 60, zone: 'UTC' }, at('2025-06-10T12:00:00Z'));
    const backoff = async () => {
      const [row] = await database().sql<{ failures: number; retry_after: Date | null }[]>`
        select failures, retry_after from push_subscriptions where user_id = ${ada.userId}`;
      return { failures: row?.failures, retryAfter: row?.retry_after?.toISOString() ?? null };
    };
    const iso = (instant: number) => new Date(instant).toISOString();
    endpoint.answer(ada.path, 503);
    const now = at('2025-06-10T20:00:00Z');
    expect(await run(now)).toMatchObject({ failed: 1 });
    expect(await backoff()).toEqual({ failures: 1, retryAfter: iso(now + RETRY_MS) });

    // Due again early (a replan): the subscription is still waiting, nothing is sent.
    await database().sql`update reminder_jobs set due_at = ${new Date(now + 60_000)} where user_id = ${ada.userId}`;
    expect(await run(now + 60_000)).toMatchObject({ pushes: 0, failed: 0 });
    expect(endpoint.received).toHaveLength(1);
    expect((await job(ada.userId)).dueAt).toBe(iso(now + RETRY_MS));

    expect(await run(now + RETRY_MS)).toMatchObject({ failed: 1 });
    expect(await backoff()).toEqual({ failures: 2, retryAfter: iso(now + 3 * RETRY_MS) });
    expect((await job(ada.userId)).dueAt).toBe(iso(now + 3 * RETRY_MS));

    endpoint.answer(ada.path, 201);
    expect(await run(now + 3 * RETRY_MS)).toMatchObject({ reminded: 1 });
    expect(await backoff()).toEqual({ failures: 0, retryAfter: null });
    expect(endpoint.received).toHaveLength(3);
  });

  it(`keeps a person's ${MAX_SUBSCRIPTIONS_PER_USER} most recently saved subscriptions`, async () => {
    const now = at('2025-06-10T12:00:00Z');
    const ada = await person({ minutes: 20 * 60, zone: 'UTC' }, now);
    const save = (name: string) => {
      const browser = browserKeys();
      return saveSubscription(database().sql, ada.userId, { endpoint: `${endpoint.url}/push/${name}`, keys: browser }, now, LOCAL_PUSH_ENDPOINTS);
    };
    const paths = async () =>
      (await database().sql<{ endpoint: string }[]>`select endpoint from push_subscriptions where user_id = ${ada.userId}`)
        .map((row) => row.endpoint.slice(endpoint.url.length))
        .sort();
    for (let i = 1; i <= MAX_SUBSCRIPTIONS_PER_USER; i++) await save(`ada-${i}`);
    // The eleventh: the one saved longest ago (the person's first browser) is forgotten.
    const expected = Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER }, (_, i) => `/push/ada-${i + 1}`).sort();
    expect(await paths()).toEqual(expected);
    // Saving one again makes it the newest: the next to go is ada-2.
    await save('ada-1');
    await save('ada-11');
    expect(await paths()).toEqual([...expected.filter((path) => path !== '/push/ada-2'), '/push/ada-11'].sort());
  });

  it("does not let one person's endpoints that never answer hold up anyone else's reminder", { timeout: 120_000 }, async (context) => {
    const now = at('2025-06-10T12:00:00Z');
    // Ann is due first: a pass serving people one at a time would wait for her browsers before Bea's.
    const ann = await person({ minutes: 19 * 60, zone: 'UTC' }, now);
    endpoint.answer(ann.path, 'never');
    for (let i = 2; i <= MAX_SUBSCRIPTIONS_PER_USER; i++) {
      const path = `/never/ann-${i}`;
      endpoint.answer(path, 'never');
      const browser = browserKeys();
      await saveSubscription(database().sql, ann.userId, { endpoint: `${endpoint.url}${path}`, keys: browser }, now, LOCAL_PUSH_ENDPOINTS);
    }
    const bea = await person({ minutes: 20 * 60, zone: 'UTC' }, now);

    const started = performance.now();
    const since = () => Math.round(performance.now() - started);
    const beaReminded = endpoint.nextPush(bea.path).then(() => ({ event: 'bea reminded', ms: since() }));
    const annGivenUp = endpoint.nextAbandoned().then(() => ({ event: 'first of ann’s pushes given up', ms: since() }));
    const pass = run(at('2025-06-10T20:00:00Z'));

    const first = await Promise.race([beaReminded, annGivenUp]);
    // Bea's push arrives while all of Ann's are still hanging, not after their deadlines.
    expect(first.event).toBe('bea reminded');
    const result = await pass;
    const passMs = since();
    expect(result).toMatchObject({ reminded: 1, pushes: 1, failed: MAX_SUBSCRIPTIONS_PER_USER });
    // Generous bound: before, Bea waited for ten 10 s timeouts one after the other (100 s).
    expect(first.ms).toBeLessThan(3_000);
    const annFirst = await annGivenUp;
    await context.annotate(`Bea reminded after ${first.ms} ms; Ann's first push given up after ${annFirst.ms} ms; pass took ${passMs} ms`);
  });

  it('plans again when the reminder settings change through sync, and stops when they are turned off', async () => {
    const ada = await person({ minutes: 20 * 60, zone: 'UTC' }, at('2025-06-10T12:00:00Z'));
    await database().sql`update profiles set reminder_time = 21 * 60, rev = rev + 1 where user_id = ${ada.userId}`;
    expect(await run(at('2025-06-10T12:01:00Z'))).toMatchObject({ replanned: 1, pushes: 0 });
    expect((await job(ada.userId)).dueAt).toBe('2025-06-10T21:00:00.000Z');
    await database().sql`update profiles set reminder_enabled = false, rev = rev + 1 where user_id = ${ada.userId}`;
    await run(at('2025-06-10T12:02:00Z'));
    expect((await job(ada.userId)).dueAt).toBeNull();
    await run(at('2025-06-10T21:00:00Z'));
    expect(endpoint.received).toHaveLength(0);
  });

  it('plans for someone who turned reminders on by sync after subscribing', async () => {
    const { userId } = await createTestUser(database().sql, 'late@example.test');
    const browser = browserKeys();
    await saveSubscription(database().sql, userId, { endpoint: `${endpoint.url}/push/late`, keys: browser }, at('2025-06-10T12:00:00Z'), LOCAL_PUSH_ENDPOINTS);
    await database().sql`
      insert into profiles (user_id, reminder_enabled, reminder_time, reminder_zone, rev)
      values (${userId}, true, ${13 * 60}, 'Asia/Tokyo', 3)`;
    await run(at('2025-06-10T03:00:00Z'));
    expect((await job(userId)).dueAt).toBe('2025-06-10T04:00:00.000Z');
    await run(at('2025-06-10T04:00:00Z'));
    expect(endpoint.received.map((request) => request.path)).toEqual(['/push/late']);
  });

  it('never sends twice when two instances run at the same moment', async (context) => {
    if (database().kind === 'pglite') {
      // One connection: passes are serial by construction; the race needs a real server.
      context.skip();
      return;
    }
    const second = createSql(database().url, { max: 4 });
    try {
      const now = at('2025-06-10T12:00:00Z');
      const crowd: Person[] = [];
      for (let i = 0; i < 12; i++) crowd.push(await person({ minutes: 20 * 60, zone: 'UTC' }, now));
      const due = at('2025-06-10T20:00:00Z');
      const results = await Promise.all([
        runDueReminders({ sql: database().sql, sender, batchSize: 5 }, due),
        runDueReminders({ sql: second, sender, batchSize: 5 }, due),
        runDueReminders({ sql: database().sql, sender, batchSize: 5 }, due),
        runDueReminders({ sql: second, sender, batchSize: 5 }, due),
      ]);
      // Whatever the split, each person at most once; a later pass picks up the rest.
      const later = await run(due + 1000);
      const total = results.reduce((sum, result) => sum + result.pushes, 0) + later.pushes;
      expect(total).toBe(12);
      const paths = endpoint.received.map((request) => request.path);
      expect(new Set(paths).size).toBe(paths.length);
      expect(paths.sort()).toEqual(crowd.map((p) => p.path).sort());
    } finally {
      await second.end();
    }
  });

  it('sends each due reminder exactly once when two instances run the job loop on one database', async () => {
    // Two instances: two connections on a real server; PGlite has one, which both loops share
    // (their statements still interleave, pass against pass).
    const second = database().kind === 'postgres' ? createSql(database().url, { max: 4 }) : database().sql;
    try {
      const crowd: Person[] = [];
      for (let i = 0; i < 12; i++) crowd.push(await person({ minutes: 20 * 60, zone: 'UTC' }, at('2025-06-10T12:00:00Z')));
      const arrived = Promise.all(crowd.map((p) => endpoint.nextPush(p.path)));
      const due = at('2025-06-10T20:00:00Z');

      // Each pass reads the clock once, when it starts: counting the reads counts the passes.
      const instance = (sql: Sql) => {
        let passes = 0;
        let waiting: { passes: number; resolve: () => void } | undefined;
        const loop = startReminderLoop({
          sql,
          push: { vapidKeys: keys, subject: SUBJECT, allowLoopbackEndpoints: true },
          logger: createLogger('silent'),
          intervalMs: 5,
          batchSize: 3,
          sender,
          clock: () => {
            passes++;
            if (waiting && passes >= waiting.passes) waiting.resolve();
            return due;
          },
        });
        const morePasses = (count: number) =>
          new Promise<void>((resolve) => {
            waiting = { passes: passes + count, resolve };
          });
        return { loop, morePasses };
      };
      const instances = [instance(database().sql), instance(second)];
      await arrived;
      // Two more passes started on each after the last push arrived: every pass that could have
      // sent anything twice has finished.
      await Promise.all(instances.map((one) => one.morePasses(2)));
      await Promise.all(instances.map((one) => one.loop.stop()));

      const counts = new Map<string, number>();
      for (const request of endpoint.received) counts.set(request.path, (counts.get(request.path) ?? 0) + 1);
      expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(crowd.map((p) => [p.path, 1])));
      for (const p of crowd) expect((await job(p.userId)).lastSentDay).toBe('2025-06-10');
    } finally {
      if (second !== database().sql) await second.end();
    }
  });
});
