import { describe, expect, it } from 'vitest';
import { doneFields, openFields, snoozedFields } from '#core/hn/triage';
import { SNOOZE_MAX_MS, triageKey } from '#core/schemas/hn-triage';
import { pullResponseSchema, type Change, type Mutation } from '#core/sync/protocol';
import type { TestUser } from '../../testing/users.ts';
import { useAppServer } from './testing/app-server.ts';
import { purgeOldTombstones, TOMBSTONE_KEEP_DAYS } from './purge-service.ts';
import { clockAt, pull, push } from './testing/http.ts';

/**
 * The launch tracker's comment triage as a synced record kind, over real HTTP: what one device
 * pushes, another pulls; the later decision wins; bad triages are refused one by one.
 */

const server = useAppServer('hn-triage');
const { database, newUser, newClient } = server;

const POST = 8863;
const DAY_MS = 86_400_000;
/** A fixed instant with milliseconds, to see that none are lost on the way through the database. */
const AT = 1_764_000_000_123;

function triage(seq: number, hlc: Mutation['hlc'], commentId: number, fields: Record<string, unknown>, deleted?: boolean): Mutation {
  return { seq, table: 'hnTriage', key: triageKey(POST, commentId), fields, hlc, ...(deleted === undefined ? {} : { deleted }) };
}

/** Every page of the person's changes from `cursor`, `limit` at a time. */
async function pullEverything(user: TestUser, clientId: string, limit = 2000): Promise<Change[]> {
  const changes: Change[] = [];
  let cursor = 0;
  for (let page = 0; page < 50; page += 1) {
    const reply = await pull(server.url, user, { cursor, limit, clientId });
    expect(reply.status).toBe(200);
    const body = pullResponseSchema.parse(reply.body);
    changes.push(...body.changes);
    if (!body.hasMore) break;
    cursor = body.cursor;
  }
  return changes;
}

const triageOf = (changes: readonly Change[], commentId: number) =>
  changes.find((change) => change.table === 'hnTriage' && change.key === triageKey(POST, commentId));

describe('hnTriage records through push and pull', () => {
  it('marked done on one device, the other device pulls it done, with its instants exact', async () => {
    const user = await newUser();
    const laptop = newClient();
    const phone = newClient();
    const pushed = await push(server.url, user, laptop, [
      triage(1, clockAt(laptop), 9001, doneFields(AT)),
      triage(2, clockAt(laptop, 1), 9002, snoozedFields(AT + 3_600_000, AT)),
    ]);
    expect(pushed.body).toMatchObject({ lastAppliedSeq: 2, rejected: [] });

    const onPhone = await pullEverything(user, phone);
    expect(triageOf(onPhone, 9001)).toMatchObject({ values: { state: 'done', snoozedUntil: null, triagedAt: AT }, deleted: false });
    expect(triageOf(onPhone, 9002)).toMatchObject({ values: { state: 'snoozed', snoozedUntil: AT + 3_600_000, triagedAt: AT }, deleted: false });
    expect(Object.keys(triageOf(onPhone, 9001)?.clocks ?? {}).sort()).toEqual(['snoozedUntil', 'state', 'triagedAt']);
    const [row] = await database().sql<{ snoozed_until: Date }[]>`
      select snoozed_until from hn_triage where user_id = ${user.userId} and comment_id = 9002`;
    expect(row?.snoozed_until.getTime()).toBe(AT + 3_600_000);
  });

  it('keeps the later decision whatever order the devices push in, and a restore brings the comment back', async () => {
    const user = await newUser();
    const laptop = newClient();
    const phone = newClient();
    // The phone decided later (done) but pushes first; the laptop's earlier snooze arrives after.
    await push(server.url, user, phone, [triage(1, clockAt(phone, 2_000), 9003, doneFields(AT + 2_000))]);
    const late = await push(server.url, user, laptop, [triage(1, clockAt(laptop, 1_000), 9003, snoozedFields(AT + DAY_MS, AT + 1_000))]);
    expect(late.body).toMatchObject({ lastAppliedSeq: 1, rejected: [] });
    expect(triageOf(await pullEverything(user, laptop), 9003)?.values).toEqual(doneFields(AT + 2_000));

    await push(server.url, user, laptop, [triage(2, clockAt(laptop, 3_000), 9003, openFields(AT + 3_000))]);
    expect(triageOf(await pullEverything(user, phone), 9003)?.values).toEqual(openFields(AT + 3_000));
  });

  it('pages many triages by revision without losing or repeating one', async () => {
    const user = await newUser();
    const laptop = newClient();
    const ids = Array.from({ length: 7 }, (_, index) => 9100 + index);
    await push(
      server.url,
      user,
      laptop,
      ids.map((id, index) => triage(index + 1, clockAt(laptop, index), id, doneFields(AT + index))),
    );
    const changes = await pullEverything(user, newClient(), 3);
    expect(changes.map((change) => change.key)).toEqual(ids.map((id) => triageKey(POST, id)));
    expect(changes.map((change) => change.values.triagedAt)).toEqual(ids.map((_, index) => AT + index));
  });

  it('refuses a bad key or bad fields one mutation at a time and stores nothing of them', async () => {
    const user = await newUser();
    const laptop = newClient();
    const hlc = (offset: number) => clockAt(laptop, offset);
    const bad: Mutation[] = [
      { ...triage(1, hlc(1), 1, doneFields(AT)), key: '8863' },
      { ...triage(2, hlc(2), 1, doneFields(AT)), key: '0:9001' },
      { ...triage(3, hlc(3), 1, doneFields(AT)), key: '8863:9001:1' },
      triage(4, hlc(4), 9201, { ...doneFields(AT), state: 'archived' }),
      triage(5, hlc(5), 9202, { state: 'snoozed', snoozedUntil: null, triagedAt: AT }),
      triage(6, hlc(6), 9203, { state: 'done', snoozedUntil: AT + 1, triagedAt: AT }),
      triage(7, hlc(7), 9204, snoozedFields(AT + SNOOZE_MAX_MS + 1, AT)),
      triage(8, hlc(8), 9205, { ...doneFields(AT), note: 'extra' }),
      triage(9, hlc(9), 9206, { ...doneFields(AT), triagedAt: -1 }),
    ];
    const good = triage(10, hlc(10), 9207, snoozedFields(AT + SNOOZE_MAX_MS, AT));
    const reply = await push(server.url, user, laptop, [...bad, good]);
    expect(reply.status).toBe(200);
    expect(reply.body.lastAppliedSeq).toBe(10);
    expect(reply.body.rejected.map(({ seq, reason }) => [seq, reason])).toEqual([
      [1, 'INVALID_KEY'],
      [2, 'INVALID_KEY'],
      [3, 'INVALID_KEY'],
      [4, 'INVALID_FIELDS'],
      [5, 'INVALID_FIELDS'],
      [6, 'INVALID_FIELDS'],
      [7, 'INVALID_FIELDS'],
      [8, 'INVALID_FIELDS'],
      [9, 'INVALID_FIELDS'],
    ]);
    const stored = await database().sql<{ comment_id: number }[]>`select comment_id from hn_triage where user_id = ${user.userId}`;
    expect(stored.map((row) => row.comment_id)).toEqual([9207]);
  });

  it('keeps each person’s triage to themselves', async () => {
    const ada = await newUser();
    const bob = await newUser();
    const adasLaptop = newClient();
    await push(server.url, ada, adasLaptop, [triage(1, clockAt(adasLaptop), 9301, doneFields(AT))]);
    expect(triageOf(await pullEverything(bob, newClient()), 9301)).toBeUndefined();
    expect(triageOf(await pullEverything(ada, newClient()), 9301)).toBeDefined();
  });

  it('sends a deleted triage as a tombstone, and the purge removes it old and raises the horizon', async () => {
    const user = await newUser();
    const laptop = newClient();
    await push(server.url, user, laptop, [triage(1, clockAt(laptop), 9401, doneFields(AT))]);
    await push(server.url, user, laptop, [triage(2, clockAt(laptop, 1), 9401, {}, true)]);
    expect(triageOf(await pullEverything(user, laptop), 9401)).toMatchObject({ deleted: true });
    const purged = await purgeOldTombstones(database().sql, { now: Date.now() + (TOMBSTONE_KEEP_DAYS + 1) * DAY_MS });
    expect(purged.find((entry) => entry.userId === user.userId)).toMatchObject({ purged: 1 });
    expect(triageOf(await pullEverything(user, newClient()), 9401)).toBeUndefined();
    // A device that had seen only the first write could miss the deletion: it starts over.
    expect((await pull(server.url, user, { cursor: 1 })).body).toMatchObject({ reset: true, changes: [] });
  });
});
