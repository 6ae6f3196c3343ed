import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#core/schemas/api-error';
import { PULL_NEXT_CURSOR_HEADER, pullResponseSchema, type Change, type Mutation } from '#core/sync/protocol';
import type { TestUser } from '../../testing/users.ts';
import { useAppServer } from './testing/app-server.ts';
import { hashSessionToken } from '../accounts/session-token.ts';
import { pullChanges, pullChangesForSession } from './pull-service.ts';
import { purgeOldTombstones, TOMBSTONE_KEEP_DAYS } from './purge-service.ts';
import { clockAt, getJson, mutation, pull, push, readPullReply } from './testing/http.ts';
import { storedRecords, toChange } from './testing/stored-records.ts';

const server = useAppServer('pull');
const { database, newUser, newClient } = server;

const DAY_MS = 86_400_000;
const dayOf = (index: number) => `2026-01-${String(index + 1).padStart(2, '0')}`;

/** Pulls every page from `cursor`, each page checked against the protocol's schema. */
async function pullAll(user: TestUser, options: { cursor?: number; limit: number; full?: boolean }) {
  const pages: { changes: Change[]; cursor: number; hasMore: boolean; reset: boolean }[] = [];
  let cursor = options.cursor ?? 0;
  for (let page = 0; page < 100; page += 1) {
    const { status, body } = await pull(server.url, user, { cursor, limit: options.limit, full: options.full });
    expect(status).toBe(200);
    pages.push(pullResponseSchema.parse(body));
    if (body.reset || !body.hasMore) break;
    cursor = body.cursor;
  }
  return pages;
}

describe('GET /api/sync/pull: who may pull', () => {
  it('answers 401 without a token', async () => {
    const reply = await getJson<ApiErrorBody>(server.url, '/api/sync/pull?cursor=0');
    expect(reply.status).toBe(401);
    expect(reply.body.error).toBe('INVALID_TOKEN');
  });

  it('answers 401 for a revoked or expired session, whatever the query, and 400 only to a live one', async () => {
    const revoked = await newUser();
    const expired = await newUser();
    const live = await newUser();
    await database().sql`update sessions set revoked_at = now() where user_id = ${revoked.userId}`;
    await database().sql`
      update sessions set created_at = now() - interval '2 days', expires_at = now() - interval '1 day'
      where user_id = ${expired.userId}`;
    for (const user of [revoked, expired]) {
      for (const query of ['cursor=0', 'cursor=-1']) {
        const reply = await getJson<ApiErrorBody>(server.url, `/api/sync/pull?${query}`, user);
        expect(reply.status).toBe(401);
        expect(reply.body.error).toBe('INVALID_TOKEN');
      }
    }
    expect((await getJson(server.url, '/api/sync/pull?cursor=0', live)).status).toBe(200);
    expect((await getJson(server.url, '/api/sync/pull?cursor=-1', live)).status).toBe(400);
    expect((await getJson(server.url, '/api/sync/pull?cursor=-1', { authorization: 'Bearer not-a-session-token-at-all' })).status).toBe(401);
  });

  it("answers a session's pull exactly as a pull by its user id (one statement checks the session)", async () => {
    const user = await newUser();
    const clientId = newClient();
    await push(server.url, user, clientId, [
      mutation(1, clockAt(clientId), { key: dayOf(0) }),
      mutation(2, clockAt(clientId, 1), { key: dayOf(1), fields: { gratitudeOne: 'two' } }),
      mutation(3, clockAt(clientId, 2), { key: dayOf(0), deleted: true }),
    ]);
    for (const query of [{ cursor: 0, limit: 1 }, { cursor: 0, limit: 10, clientId }, { cursor: 2, limit: 10 }, { cursor: 99, limit: 10 }]) {
      const byUser = readPullReply((await pullChanges(database().sql, user.userId, query, () => 1)).json);
      const bySessionJson = await pullChangesForSession(database().sql, hashSessionToken(user.token), query, () => 1);
      expect(bySessionJson === null ? null : readPullReply(bySessionJson.json)).toEqual(byUser);
      const overHttp = await pull(server.url, user, query);
      expect({ ...overHttp.body, serverTime: 1 }).toEqual(byUser);
    }
    expect(await pullChangesForSession(database().sql, hashSessionToken('no-such-token'), { cursor: 0, limit: 10 }, () => 1)).toBeNull();
  });

  it.each([
    ['a negative cursor', 'cursor=-1'],
    ['a cursor that is not a number', 'cursor=abc'],
    ['a limit of 0', 'limit=0'],
    ['a limit above the page maximum', 'limit=2001'],
    ['a malformed client id', 'clientId=a%20b'],
    ['a full flag that is not a boolean', 'full=maybe'],
  ])('answers 400 for %s, never 500', async (_name, query) => {
    const user = await newUser();
    const reply = await getJson<ApiErrorBody>(server.url, `/api/sync/pull?${query}`, user);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('INVALID_REQUEST');
  });

  it("reports the device's last applied seq, and null for a device that is unknown or someone else's", async () => {
    const user = await newUser();
    const other = await newUser();
    const clientId = newClient();
    await push(server.url, user, clientId, [mutation(1, clockAt(clientId)), mutation(2, clockAt(clientId, 1))]);
    expect((await pull(server.url, user, { clientId })).body.lastAppliedSeq).toBe(2);
    expect((await pull(server.url, user, { clientId: newClient() })).body.lastAppliedSeq).toBeNull();
    expect((await pull(server.url, user)).body.lastAppliedSeq).toBeNull();
    const stranger = await pull(server.url, other, { clientId });
    expect(stranger.body).toMatchObject({ lastAppliedSeq: null, changes: [], cursor: 0 });
  });
});

describe('GET /api/sync/pull: paging', () => {
  it('pages by revision without skipping or repeating a change, across every table', async () => {
    const user = await newUser();
    const clientId = newClient();
    const mutations: Mutation[] = Array.from({ length: 25 }, (_, index) =>
      mutation(index + 1, clockAt(clientId, index), { key: dayOf(index), fields: { gratitudeOne: `day ${index}` } }),
    );
    mutations.push(mutation(26, clockAt(clientId, 30), { table: 'profiles', key: 'me', fields: { birthday: '1990-05-17' } }));
    mutations.push(mutation(27, clockAt(clientId, 31), { table: 'gameProgress', key: 'me', fields: { state: { level: 2 } } }));
    await push(server.url, user, clientId, mutations);
    // A later push to an early day moves it to the end of the order.
    await push(server.url, user, clientId, [mutation(28, clockAt(clientId, 32), { key: dayOf(0), fields: { mortality: true } })]);

    const pages = await pullAll(user, { limit: 10 });
    expect(pages.map((page) => [page.changes.length, page.hasMore])).toEqual([
      [10, true],
      [10, true],
      [7, false],
    ]);
    const changes = pages.flatMap((page) => page.changes);
    const revs = changes.map((change) => change.rev);
    expect(revs).toEqual([...revs].sort((a, b) => a - b));
    expect(new Set(revs).size).toBe(revs.length);
    expect(changes).toHaveLength(27);
    expect(changes.at(-1)).toMatchObject({ table: 'exercises', key: dayOf(0), values: { gratitudeOne: 'day 0', mortality: true } });
    expect(changes.find((change) => change.table === 'profiles')?.values).toEqual({ birthday: '1990-05-17' });
    expect(changes.find((change) => change.table === 'gameProgress')?.values).toEqual({ state: { level: 2 } });
    for (const [index, page] of pages.entries()) {
      if (page.hasMore) expect(page.cursor).toBe(page.changes.at(-1)?.rev);
      else expect(page.cursor).toBe(pages[index]?.changes.at(-1)?.rev);
    }

    // The next page's cursor is in a header too, on every page with more to come and only there.
    for (const { cursor, next } of [
      { cursor: 0, next: pages[0]?.cursor },
      { cursor: pages[0]?.cursor ?? 0, next: pages[1]?.cursor },
      { cursor: pages[1]?.cursor ?? 0, next: undefined },
    ]) {
      const response = await fetch(`${server.url}/api/sync/pull?cursor=${cursor}&limit=10`, { headers: { Authorization: user.authorization } });
      expect(response.headers.get(PULL_NEXT_CURSOR_HEADER)).toBe(next === undefined ? null : String(next));
    }

    // Nothing new: an empty page whose cursor is the current revision.
    const last = pages.at(-1)?.cursor ?? 0;
    expect((await pull(server.url, user, { cursor: last })).body).toMatchObject({ changes: [], cursor: last, hasMore: false, reset: false });
  });

  it('gives a new device the current revision as its cursor when there is nothing to pull', async () => {
    const user = await newUser();
    expect((await pull(server.url, user)).body).toMatchObject({ changes: [], cursor: 0, hasMore: false, reset: false });
  });
});

describe('GET /api/sync/pull: the changes, as the database writes them', () => {
  it('says of every record what reading it into JavaScript says: every table, nulls, tombstones, a deletion undone', async () => {
    const user = await newUser();
    const clientId = newClient();
    const at = (offset: number) => clockAt(clientId, offset);
    const pushed = await push(server.url, user, clientId, [
      mutation(1, at(0), { key: dayOf(0), fields: { mortality: true, gratitude: false, gratitudeOne: 'quote " backslash \\ line\nbreak é 字 😀' } }),
      mutation(2, at(1), { key: dayOf(1), fields: { gratitudeTwo: '', gratitudeThree: 'three' } }),
      mutation(3, at(2), { key: dayOf(2), fields: { gratitude: true } }),
      mutation(4, at(3), { key: dayOf(2), fields: {}, deleted: true }),
      mutation(5, at(4), { key: dayOf(3), fields: { mortality: true } }),
      mutation(6, at(5), { key: dayOf(3), fields: {}, deleted: true }),
      mutation(7, at(6), { key: dayOf(3), fields: { gratitudeOne: 'back again' } }),
      mutation(8, at(7), { table: 'profiles', key: 'me', fields: { birthday: null, dayStartMinutes: 240, reminderEnabled: true, reminderMinutes: 1200, reminderZone: 'Europe/Paris', streakFreezes: ['2026-01-02'], doneRule: 'either' } }),
      mutation(9, at(8), { table: 'gameProgress', key: 'me', fields: { state: { level: 2, hp: 7.5, name: 'Bob "the" blob', boss: null, won: false } } }),
      mutation(10, at(9), { table: 'hnTriage', key: '8863:9001', fields: { state: 'snoozed', snoozedUntil: 1_790_086_400_123, triagedAt: 1_790_000_000_000 } }),
      mutation(11, at(10), { table: 'hnTriage', key: '8863:9002', fields: { state: 'done', triagedAt: 1_790_000_000_001 } }),
      mutation(12, at(11), { table: 'hnTriage', key: '8863:9002', fields: {}, deleted: true }),
    ]);
    expect(pushed.body.rejected).toEqual([]);
    const { sql } = database();
    const expected = (await storedRecords(sql, user.userId)).map(toChange);
    // The fixture reaches what it means to: a tombstone, a record deleted and written again, and
    // a field written as null.
    expect(expected.filter((change) => change.deleted).map((change) => change.key)).toEqual([dayOf(2), '8863:9002']);
    expect(expected.find((change) => change.key === dayOf(3))).toMatchObject({ deleted: false, values: { gratitudeOne: 'back again' } });
    expect(expected.find((change) => change.table === 'profiles')?.values).toHaveProperty('birthday', null);

    const whole = readPullReply((await pullChanges(sql, user.userId, { cursor: 0, limit: 100 }, () => 1)).json);
    expect(whole.changes).toEqual(expected);
    const paged = await pullAll(user, { limit: 3 });
    expect(paged.flatMap((page) => page.changes)).toEqual(expected);
  });
});

describe('GET /api/sync/pull: tombstones', () => {
  async function withTombstones() {
    const user = await newUser();
    const clientId = newClient();
    const base = Date.now();
    await push(
      server.url,
      user,
      clientId,
      Array.from({ length: 6 }, (_, index) =>
        mutation(index + 1, clockAt(clientId, index, 0, base), { key: dayOf(index), fields: { gratitudeOne: `day ${index}` } }),
      ),
    );
    const before = (await pull(server.url, user)).body.cursor;
    await push(server.url, user, clientId, [
      mutation(7, clockAt(clientId, 10, 0, base), { key: dayOf(1), fields: {}, deleted: true }),
      mutation(8, clockAt(clientId, 11, 0, base), { key: dayOf(3), fields: {}, deleted: true }),
    ]);
    return { user, clientId, before };
  }

  it('reports deletions as tombstones carrying the clock of the deletion', async () => {
    const { user, before } = await withTombstones();
    const { body } = await pull(server.url, user, { cursor: before });
    expect(body.changes.map((change) => [change.key, change.deleted, change.values, Object.keys(change.clocks)])).toEqual([
      [dayOf(1), true, {}, ['deleted']],
      [dayOf(3), true, {}, ['deleted']],
    ]);
  });

  it(`keeps tombstones ${TOMBSTONE_KEEP_DAYS} days, then an older cursor must start over; a full pull from 0 finishes`, async () => {
    const { user, before } = await withTombstones();
    const { sql } = database();
    expect(await purgeOldTombstones(sql, { now: Date.now() })).toEqual([]);
    expect((await pull(server.url, user, { cursor: before })).body.changes).toHaveLength(2);

    const purged = await purgeOldTombstones(sql, { now: Date.now() + (TOMBSTONE_KEEP_DAYS + 1) * DAY_MS });
    const mine = purged.find((entry) => entry.userId === user.userId);
    const current = (await pull(server.url, user)).body.cursor;
    expect(mine).toEqual({ userId: user.userId, horizon: current, purged: 2 });

    // Below the horizon a device could miss a deletion: it must drop its copy and pull from 0.
    expect((await pull(server.url, user, { cursor: before })).body).toMatchObject({ reset: true, changes: [] });
    // A device at or past the horizon saw the deletions and goes on as usual.
    expect((await pull(server.url, user, { cursor: current })).body.reset).toBe(false);

    // Pulling from 0 in pages of 2: the second page's cursor is below the horizon too. Without
    // `full` it would be sent back to 0 forever; with it the pass finishes with the live records.
    const looping = await pullAll(user, { limit: 2 });
    expect(looping.at(-1)?.reset).toBe(true);
    const full = await pullAll(user, { limit: 2, full: true });
    expect(full.some((page) => page.reset)).toBe(false);
    expect(full.flatMap((page) => page.changes).map((change) => [change.key, change.deleted])).toEqual([
      [dayOf(0), false],
      [dayOf(2), false],
      [dayOf(4), false],
      [dayOf(5), false],
    ]);
    expect(full.at(-1)?.cursor).toBe(current);
  });

  it('answers reset to a cursor beyond the current revision (the server was restored from an older backup)', async () => {
    const user = await newUser();
    await push(server.url, user, newClient(), [mutation(1, clockAt('a'))]);
    expect((await pull(server.url, user, { cursor: 50 })).body).toMatchObject({ reset: true, changes: [] });
    expect((await pull(server.url, user, { cursor: 0 })).body.changes).toHaveLength(1);
  });
});
