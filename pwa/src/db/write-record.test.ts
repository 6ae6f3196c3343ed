import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareHlc, parseHlc, type Hlc } from '#core/sync/hlc';
import { freshDb } from '../sync/testing/fixtures';
import { onLocalWrite } from './local-writes';
import { readMeta, writeMeta } from './meta';
import { readRecord } from './read-record';
import { getRecord, putRecords } from './record-packs';
import { InvalidRecordError, writeRecord } from './write-record';

const NOW = Date.UTC(2026, 2, 1, 12);

describe('writeRecord', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('merges the fields into the record and queues them with the next seq', async () => {
    const db = await freshDb();
    await writeRecord(db, 'exercises', '2026-03-01', { mortality: true }, NOW);
    await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'tea' }, NOW + 1);
    await writeRecord(db, 'profiles', 'me', { birthday: '1990-05-17' }, NOW + 2);

    const record = await readRecord(db, 'exercises', '2026-03-01');
    expect(record?.values).toEqual({ mortality: true, gratitudeOne: 'tea' });
    const outbox = await db.outbox.orderBy('seq').toArray();
    expect(outbox.map(({ seq, table, key, fields }) => ({ seq, table, key, fields }))).toEqual([
      { seq: 1, table: 'exercises', key: '2026-03-01', fields: { mortality: true } },
      { seq: 2, table: 'exercises', key: '2026-03-01', fields: { gratitudeOne: 'tea' } },
      { seq: 3, table: 'profiles', key: 'me', fields: { birthday: '1990-05-17' } },
    ]);
    expect(await readMeta(db, 'nextSeq')).toBe(4);
    // The record's clocks are the clocks the server will see.
    expect(record?.clocks.gratitudeOne).toBe(outbox[1]?.hlc);
  });

  it('stores and queues a broken character as the server would store it (U+FFFD), never half a pair', async () => {
    const db = await freshDb();
    await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'ab\ud83d' }, NOW);
    expect((await readRecord(db, 'exercises', '2026-03-01'))?.values.gratitudeOne).toBe('ab\ufffd');
    const [queued] = await db.outbox.toArray();
    expect(queued?.fields).toEqual({ gratitudeOne: 'ab\ufffd' });
  });

  it('leaves neither the record nor the outbox entry when the transaction fails', async () => {
    const db = await freshDb();
    await writeRecord(db, 'exercises', '2026-03-01', { mortality: true }, NOW);
    db.outbox.hook('creating', () => {
      throw new Error('disk full');
    });

    await expect(writeRecord(db, 'exercises', '2026-03-01', { gratitude: true }, NOW + 1)).rejects.toThrow(
      'disk full',
    );

    expect((await readRecord(db, 'exercises', '2026-03-01'))?.values).toEqual({ mortality: true });
    expect(await db.outbox.count()).toBe(1);
    expect(await readMeta(db, 'nextSeq')).toBe(2);
  });

  it('keeps the clock moving forward when the device clock goes backwards', async () => {
    const db = await freshDb();
    const stamps: Hlc[] = [];
    for (const now of [NOW, NOW - 60_000, NOW - 60_000, NOW - 86_400_000, NOW + 5]) {
      const row = await writeRecord(db, 'exercises', '2026-03-01', { mortality: stamps.length % 2 === 0 }, now);
      const stamp = row.clocks.mortality;
      if (stamp === undefined) throw new Error('no clock');
      stamps.push(stamp);
    }
    for (let index = 1; index < stamps.length; index += 1) {
      expect(compareHlc(stamps[index - 1] as Hlc, stamps[index] as Hlc)).toBeLessThan(0);
    }
    // Every write went to the record: the newest stamp is the last write's.
    expect((await readRecord(db, 'exercises', '2026-03-01'))?.values.mortality).toBe(true);
  });

  it('stamps writes at server time when the device clock is a day off', async () => {
    const db = await freshDb();
    await writeMeta(db, 'serverOffsetMs', 86_400_000);
    const row = await writeRecord(db, 'exercises', '2026-03-01', { gratitude: true }, NOW);
    expect(parseHlc(row.clocks.gratitude ?? '')?.wall).toBe(NOW + 86_400_000);
  });

  it('refuses what the server would refuse, before anything is queued', async () => {
    const db = await freshDb();
    await expect(writeRecord(db, 'exercises', '2026-02-30', { gratitude: true }, NOW)).rejects.toBeInstanceOf(
      InvalidRecordError,
    );
    await expect(
      writeRecord(db, 'profiles', 'me', { dayStartMinutes: 9999 }, NOW),
    ).rejects.toBeInstanceOf(InvalidRecordError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('tells the scheduler after the write has committed', async () => {
    const db = await freshDb();
    const seen: number[] = [];
    const stop = onLocalWrite(db, () => {
      void db.outbox.count().then((count) => seen.push(count));
    });
    await writeRecord(db, 'exercises', '2026-03-01', { gratitude: true }, NOW);
    stop();
    await writeRecord(db, 'exercises', '2026-03-01', { gratitude: false }, NOW);
    await db.outbox.count();
    expect(seen).toEqual([1]);
  });
});

describe('readRecord', () => {
  it('drops only the fields that no longer match the schema', async () => {
    const db = await freshDb();
    await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'tea', mortality: true }, NOW);
    const row = await getRecord(db, 'exercises', '2026-03-01');
    if (row === undefined) throw new Error('no row');
    await putRecords(db, 'exercises', [{ ...row, values: { ...row.values, mortality: 'yes', unknownField: 1 } }]);

    expect((await readRecord(db, 'exercises', '2026-03-01'))?.values).toEqual({ gratitudeOne: 'tea' });
    expect(await readRecord(db, 'exercises', '2026-03-02')).toBeNull();
  });
});
