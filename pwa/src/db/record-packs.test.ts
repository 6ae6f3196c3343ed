import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { formatHlc } from '#core/sync/hlc';
import type { SyncedTable } from '#core/sync/protocol';
import { freshDb } from '../sync/testing/fixtures';
import { pendingWritesFor } from './outbox';
import { readRecord } from './read-record';
import {
  clearRecords,
  countRecords,
  editRecords,
  getRecord,
  listRecords,
  listRecordsWithPrefix,
  packIdOf,
  putRecords,
  recordStore,
} from './record-packs';
import { openUserDb, userDbName, type RecordRow } from './user-db';
import { writeRecord } from './write-record';

const clock = (wall: number, node = 'server') => formatHlc({ wall, counter: 0, node });
const row = (key: string, text: string): RecordRow => ({ key, values: { gratitudeOne: text }, clocks: { gratitudeOne: clock(1) } });

describe('record packs', () => {
  it('keeps a month of exercises, one post of triages and each singleton in a pack of its own', async () => {
    expect(packIdOf('exercises', '2026-11-01')).toBe('exercises:2026-11');
    expect(packIdOf('exercises', '2026-11-30')).toBe('exercises:2026-11');
    expect(packIdOf('hnTriage', '8863:9001')).toBe('hnTriage:8863');
    expect(packIdOf('profiles', 'me')).toBe('profiles:me');
    expect(packIdOf('gameProgress', 'me')).toBe('gameProgress:me');

    const db = await freshDb('packs-layout');
    await putRecords(db, 'exercises', [row('2026-11-02', 'b'), row('2026-11-01', 'a'), row('2026-12-01', 'c')]);
    await putRecords(db, 'hnTriage', [row('41:8', 'x'), row('41:7', 'y'), row('410:1', 'z')]);
    await putRecords(db, 'profiles', [row('me', 'p')]);
    expect((await recordStore(db).toArray()).map((pack) => [pack.id, pack.records.map((record) => record.key)])).toEqual([
      ['exercises:2026-11', ['2026-11-01', '2026-11-02']],
      ['exercises:2026-12', ['2026-12-01']],
      ['hnTriage:41', ['41:7', '41:8']],
      ['hnTriage:410', ['410:1']],
      ['profiles:me', ['me']],
    ]);
    db.close();
  });

  it('reads, lists, counts and clears records by table and key, in key order', async () => {
    const db = await freshDb('packs-reads');
    await putRecords(db, 'exercises', [row('2026-12-01', 'c'), row('2026-11-02', 'b'), row('2026-11-01', 'a')]);
    await putRecords(db, 'hnTriage', [row('410:1', 'z'), row('41:8', 'x'), row('41:7', 'y')]);
    await putRecords(db, 'gameProgress', [row('me', 'g')]);

    expect(await getRecord(db, 'exercises', '2026-11-02')).toEqual(row('2026-11-02', 'b'));
    expect(await getRecord(db, 'exercises', '2026-11-03')).toBeUndefined();
    expect(await getRecord(db, 'profiles', 'me')).toBeUndefined();
    expect((await listRecords(db, 'exercises')).map((record) => record.key)).toEqual(['2026-11-01', '2026-11-02', '2026-12-01']);
    // As an IndexedDB table of them ordered its keys: '410:1' < '41:7'.
    expect((await listRecords(db, 'hnTriage')).map((record) => record.key)).toEqual(['410:1', '41:7', '41:8']);
    expect((await listRecordsWithPrefix(db, 'hnTriage', '41:')).map((record) => record.key)).toEqual(['41:7', '41:8']);
    expect((await listRecordsWithPrefix(db, 'hnTriage', '41')).map((record) => record.key)).toEqual(['410:1', '41:7', '41:8']);
    expect((await listRecordsWithPrefix(db, 'exercises', '2026-11')).map((record) => record.key)).toEqual(['2026-11-01', '2026-11-02']);
    expect((await listRecordsWithPrefix(db, 'exercises', '2026-11-02')).map((record) => record.key)).toEqual(['2026-11-02']);
    expect(await countRecords(db, 'exercises')).toBe(3);
    expect(await countRecords(db, 'hnTriage')).toBe(3);
    expect(await countRecords(db, 'profiles')).toBe(0);

    await clearRecords(db, 'exercises');
    expect(await countRecords(db, 'exercises')).toBe(0);
    expect(await countRecords(db, 'hnTriage')).toBe(3);
    expect(await getRecord(db, 'gameProgress', 'me')).toEqual(row('me', 'g'));
    db.close();
  });

  it('writes each changed pack once, and deletes a pack left empty', async () => {
    const db = await freshDb('packs-edit');
    await putRecords(db, 'exercises', [row('2026-11-01', 'a'), row('2026-12-01', 'c')]);
    const store = recordStore(db);
    const bulkPut = vi.spyOn(store, 'bulkPut');
    const bulkDelete = vi.spyOn(store, 'bulkDelete');

    await db.transaction('rw', store, async () => {
      const edit = await editRecords(db, [
        { table: 'exercises', key: '2026-11-02' },
        { table: 'exercises', key: '2026-11-03' },
        { table: 'exercises', key: '2026-12-01' },
        { table: 'profiles', key: 'me' },
      ]);
      expect(edit.get('exercises', '2026-11-02')).toBeUndefined();
      edit.put('exercises', row('2026-11-03', 'e'));
      edit.put('exercises', row('2026-11-02', 'd'));
      edit.delete('exercises', '2026-12-01');
      expect(() => edit.get('exercises', '2027-01-01')).toThrow(/not read/);
      await edit.save();
    });

    expect(bulkPut.mock.calls.map(([packs]) => packs.map((pack) => pack.id))).toEqual([['exercises:2026-11']]);
    expect(bulkDelete.mock.calls).toEqual([[['exercises:2026-12']]]);
    bulkPut.mockRestore();
    bulkDelete.mockRestore();
    expect((await listRecords(db, 'exercises')).map((record) => record.key)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(await store.get('exercises:2026-12')).toBeUndefined();
    db.close();
  });
});

describe('the upgrade to packs', () => {
  it('keeps every record of a version 3 database, and the writes still waiting in its outbox', async () => {
    const name = userDbName('before-packs');
    const old = new Dexie(name);
    old.version(1).stores({ exercises: 'key', profiles: 'key', gameProgress: 'key', outbox: '++id, seq, [table+key]', meta: 'key' });
    old.version(2).stores({ hnCache: 'key' });
    old.version(3).stores({ hnTriage: 'key' });
    await old.open();
    const before: Record<SyncedTable, RecordRow[]> = {
      exercises: [
        row('2026-10-31', 'last of October'),
        { key: '2026-11-01', values: { gratitudeOne: 'written offline', mortality: true }, clocks: { gratitudeOne: clock(5, 'phone'), mortality: clock(2) } },
        row('2026-11-02', 'tea'),
      ],
      profiles: [{ key: 'me', values: { birthday: '1990-05-17' }, clocks: { birthday: clock(3) } }],
      gameProgress: [{ key: 'me', values: { state: { level: 4 } }, clocks: { state: clock(4) } }],
      hnTriage: [row('8863:9001', 'done'), row('8863:9002', 'snoozed'), row('41:7', 'other post')],
    };
    for (const [table, rows] of Object.entries(before)) await old.table(table).bulkPut(rows);
    await old.table('outbox').add({ seq: 1, table: 'exercises', key: '2026-11-01', fields: { gratitudeOne: 'written offline' }, hlc: clock(5, 'phone') });
    await old.table('meta').bulkPut([
      { key: 'clientId', value: 'phone' },
      { key: 'nextSeq', value: 2 },
      { key: 'cursor', value: 7 },
    ]);
    await old.table('hnCache').put({ key: 'trackers', value: [], savedAt: 1 });
    old.close();

    const db = await openUserDb('before-packs');
    expect(db.verno).toBe(5);
    expect(db.tables.map((table) => table.name).sort()).toEqual(['hnCache', 'meta', 'outbox', 'packs']);
    for (const [table, rows] of Object.entries(before) as [SyncedTable, RecordRow[]][]) {
      expect(await listRecords(db, table)).toEqual([...rows].sort((a, b) => (a.key < b.key ? -1 : 1)));
      for (const stored of rows) expect(await getRecord(db, table, stored.key)).toEqual(stored);
    }
    expect((await readRecord(db, 'exercises', '2026-11-01'))?.values).toEqual({ gratitudeOne: 'written offline', mortality: true });
    expect((await pendingWritesFor(db, 'exercises', '2026-11-01')).map((entry) => entry.fields)).toEqual([{ gratitudeOne: 'written offline' }]);
    expect((await db.meta.get('cursor'))?.value).toBe(7);
    expect(await db.hnCache.count()).toBe(1);

    // The next local write continues the same queue, on the packed record.
    await writeRecord(db, 'exercises', '2026-11-01', { gratitude: true }, Date.UTC(2026, 10, 1));
    expect((await db.outbox.orderBy('seq').toArray()).map((entry) => entry.seq)).toEqual([1, 2]);
    expect((await readRecord(db, 'exercises', '2026-11-01'))?.values).toEqual({ gratitudeOne: 'written offline', mortality: true, gratitude: true });
    db.close();
  });
});
