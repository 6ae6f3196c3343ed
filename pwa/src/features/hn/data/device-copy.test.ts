import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { countRecords, getRecord } from '../../../db/record-packs';
import { afterEach, describe, expect, it } from 'vitest';
import { openUserDb, userDbName, type UserDb } from '../../../db/user-db';
import { LAUNCH, LAUNCH_VIEW, SECOND, freshDb } from '../testing/hn-fixtures';
import { forgetTracker, readTrackerList, readTrackerView, saveTrackerList, saveTrackerView } from './device-copy';

let db: UserDb | undefined;
afterEach(() => db?.close());

describe('the tracker’s copy on this device', () => {
  it('keeps the list and each tracker’s comments with when they arrived; a view is found by post or tracker id', async () => {
    db = await freshDb();
    const at = new Date('2026-11-24T11:00:00.000Z');
    await saveTrackerList(db, [LAUNCH, SECOND], at);
    await saveTrackerView(db, LAUNCH_VIEW, at);
    expect(await readTrackerList(db)).toEqual({ value: [LAUNCH, SECOND], savedAt: at });
    expect((await readTrackerView(db, { postId: LAUNCH.postId }))?.value).toEqual(LAUNCH_VIEW);
    expect((await readTrackerView(db, { trackerId: LAUNCH._id }))?.value).toEqual(LAUNCH_VIEW);
    expect(await readTrackerView(db, { postId: SECOND.postId })).toBeNull();
  });

  it('reads a row that no longer fits its shape as absent', async () => {
    db = await freshDb();
    await db.hnCache.put({ key: 'trackers', value: { hnLinks: [{ title: 'no id' }] }, savedAt: 1 });
    await db.hnCache.put({ key: `view:${String(LAUNCH.postId)}`, value: 'garbage', savedAt: 1 });
    expect(await readTrackerList(db)).toBeNull();
    expect(await readTrackerView(db, { postId: LAUNCH.postId })).toBeNull();
  });

  it('forgets a deleted tracker and its comments, keeping the others', async () => {
    db = await freshDb();
    await saveTrackerList(db, [LAUNCH, SECOND], new Date());
    await saveTrackerView(db, LAUNCH_VIEW, new Date());
    await forgetTracker(db, LAUNCH);
    expect((await readTrackerList(db))?.value).toEqual([SECOND]);
    expect(await readTrackerView(db, { postId: LAUNCH.postId })).toBeNull();
  });

  it('arrives on a device whose database is from before the tracker, keeping its records', async () => {
    const name = userDbName('before-the-tracker');
    const old = new Dexie(name);
    old.version(1).stores({ exercises: 'key', profiles: 'key', gameProgress: 'key', outbox: '++id, seq, [table+key]', meta: 'key' });
    await old.table('exercises').put({ key: '2026-11-01', values: { gratitudeOne: 'tea' }, clocks: {} });
    old.close();

    db = await openUserDb('before-the-tracker');
    // 2 brought the tracker's copies, 3 its comment triage, 4 and 5 the records' packs.
    expect(db.verno).toBe(5);
    expect((await getRecord(db, 'exercises', '2026-11-01'))?.values).toEqual({ gratitudeOne: 'tea' });
    await saveTrackerList(db, [LAUNCH], new Date());
    expect((await readTrackerList(db))?.value).toEqual([LAUNCH]);
    expect(await countRecords(db, 'hnTriage')).toBe(0);
  });
});
