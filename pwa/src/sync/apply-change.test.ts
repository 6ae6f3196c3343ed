import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { formatHlc } from '#core/sync/hlc';
import { EMPTY_STATE, mergeStates, type FieldState } from '#core/sync/merge';
import type { Change } from '#core/sync/protocol';
import { listRecords, PROBE_MIN_PACKS, putRecords, readPacks, recordStore } from '../db/record-packs';
import type { RecordRow, UserDb } from '../db/user-db';
import { writeRecord } from '../db/write-record';
import { applyChange, applyChanges, pulledState, recordTables } from './apply-change';
import { freshDb } from './testing/fixtures';

const clock = (wall: number, node = 'server') => formatHlc({ wall, counter: 0, node });
const NOW = Date.UTC(2026, 2, 1, 12);
const TABLES = ['exercises', 'profiles', 'gameProgress', 'hnTriage'] as const;
const putExercise = (db: UserDb, row: RecordRow) => putRecords(db, 'exercises', [row]);
/** Enough records for a page to touch more packs than PROBE_MIN_PACKS (a month each). */
const LARGE = 31 * (PROBE_MIN_PACKS + 2);

function change(key: string, values: Record<string, unknown>, wall: number, deleted = false): Change {
  const clocks = Object.fromEntries(Object.keys(values).map((field) => [field, clock(wall)]));
  return { table: 'exercises', key, values, clocks, deleted, rev: wall };
}

async function seed(db: UserDb): Promise<void> {
  // A record this device already has, one with a write still pending here, and one to delete.
  await putExercise(db, { key: '2026-02-01', values: { gratitudeOne: 'old' }, clocks: { gratitudeOne: clock(1) } });
  await writeRecord(db, 'exercises', '2026-02-02', { gratitudeOne: 'mine, newer' }, NOW);
  await putExercise(db, { key: '2026-02-03', values: { gratitude: true }, clocks: { gratitude: clock(1) } });
}

const page: Change[] = [
  change('2026-02-01', { gratitudeOne: 'pulled', gratitude: true }, 5),
  change('2026-02-02', { gratitudeOne: 'pulled, older' }, 2),
  change('2026-02-03', {}, 6, true),
  change('2026-02-04', { mortality: true }, 7),
  { ...change('2026-02-05', {}, 8), table: 'profiles', key: 'me', values: { dayStartMinutes: 240 }, clocks: { dayStartMinutes: clock(8) } },
];

/** The records of every table, with clocks cut to wall time and counter: each database has its own device id. */
async function snapshot(db: UserDb) {
  const tables = await Promise.all(TABLES.map((table) => listRecords(db, table)));
  return tables.map((rows) =>
    rows.map((row) => ({ ...row, clocks: Object.fromEntries(Object.entries(row.clocks).map(([field, hlc]) => [field, hlc.slice(0, 22)])) })),
  );
}

describe('applyChanges', () => {
  it('leaves the same records as applying each change in turn', async () => {
    const oneByOne = await freshDb('one-by-one');
    const batched = await freshDb('batched');
    await seed(oneByOne);
    await seed(batched);

    await oneByOne.transaction('rw', [...recordTables(oneByOne), oneByOne.outbox, oneByOne.meta], async () => {
      for (const each of page) await applyChange(oneByOne, each);
    });
    await batched.transaction('rw', [...recordTables(batched), batched.outbox, batched.meta], async () => {
      await applyChanges(batched, page);
    });

    const expected = await snapshot(oneByOne);
    expect(await snapshot(batched)).toEqual(expected);
    const exercises = await listRecords(batched, 'exercises');
    expect(exercises.find((row) => row.key === '2026-02-02')?.values.gratitudeOne).toBe('mine, newer');
    expect(exercises.find((row) => row.key === '2026-02-01')?.values).toEqual({ gratitudeOne: 'pulled', gratitude: true });
    expect(exercises.some((row) => row.key === '2026-02-03')).toBe(false);
    oneByOne.close();
    batched.close();
  });

  it('merges a large page (keys probed first) the same as one change at a time', async () => {
    const oneByOne = await freshDb('one-by-one-large');
    const batched = await freshDb('batched-large');
    const day = (n: number) => `2027-${String(1 + Math.floor(n / 28)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
    const large: Change[] = [];
    // Newest first, as revisions need not follow dates; every third record exists here already.
    for (let n = LARGE; n >= 0; n -= 1) large.push(change(day(n), { gratitudeOne: `pulled ${String(n)}`, mortality: true }, 10 + n));
    for (const db of [oneByOne, batched]) {
      for (let n = 0; n <= LARGE; n += 3) {
        await putExercise(db, { key: day(n), values: { gratitude: true }, clocks: { gratitude: clock(1) } });
      }
      // A pending write newer than the pulled value, and records outside the page in its range.
      await writeRecord(db, 'exercises', day(7), { gratitudeOne: 'mine, newer' }, NOW);
      await putExercise(db, { key: `${day(5)}x`, values: { mortality: false }, clocks: { mortality: clock(1) } });
    }

    await oneByOne.transaction('rw', [...recordTables(oneByOne), oneByOne.outbox, oneByOne.meta], async () => {
      for (const each of large) await applyChange(oneByOne, each);
    });
    await batched.transaction('rw', [...recordTables(batched), batched.outbox, batched.meta], async () => {
      await applyChanges(batched, large);
    });

    expect(await snapshot(batched)).toEqual(await snapshot(oneByOne));
    const exercises = await listRecords(batched, 'exercises');
    expect(exercises.find((row) => row.key === day(7))?.values.gratitudeOne).toBe('mine, newer');
    expect(exercises.find((row) => row.key === day(3))?.values).toEqual({ gratitude: true, gratitudeOne: 'pulled 3', mortality: true });
    oneByOne.close();
    batched.close();
  });
});

describe('readPacks', () => {
  it('returns what bulkGet returns, with one request to find the ids when there are many', async () => {
    const db = await freshDb('read-packs');
    const store = recordStore(db);
    const ids = Array.from({ length: PROBE_MIN_PACKS + 10 }, (_, n) => `k${String(n).padStart(4, '0')}`).reverse();
    const stored = ids.filter((_, n) => n % 5 === 0);
    for (const id of stored) await store.put({ id, records: [{ key: id, values: { mortality: true }, clocks: { mortality: clock(1) } }] });
    await store.put({ id: 'k0000a', records: [] });

    const expected = await store.bulkGet(ids);
    expect(await db.transaction('r', store, () => readPacks(store, ids))).toEqual(expected);
    expect(await readPacks(store, ids.slice(0, 3))).toEqual(expected.slice(0, 3));
    expect((await readPacks(store, ids)).filter((pack) => pack !== undefined).length).toBe(stored.length);
    db.close();
  });

  it('finds nothing without reading a pack when none of the ids is stored', async () => {
    const db = await freshDb('read-packs-empty');
    const store = recordStore(db);
    await store.put({ id: 'a', records: [] });
    await store.put({ id: 'z', records: [] });
    const ids = Array.from({ length: PROBE_MIN_PACKS }, (_, n) => `m${String(n)}`);
    const bulkGet = vi.spyOn(store, 'bulkGet');
    try {
      expect(await readPacks(store, ids)).toEqual(ids.map(() => undefined));
      expect(bulkGet).not.toHaveBeenCalled();
    } finally {
      bulkGet.mockRestore();
    }
    db.close();
  });
});

describe('pulledState', () => {
  it('is what merging the pulled record into nothing gives', () => {
    const shapes: FieldState[] = [
      { values: { gratitudeOne: 'a', mortality: true }, clocks: { mortality: clock(2), gratitudeOne: clock(1) } },
      // A value without a clock is not taken; a clock without a value sets the field to undefined.
      { values: { gratitude: true, stray: 1 }, clocks: { gratitude: clock(3), missing: clock(4) } },
      { values: {}, clocks: {} },
    ];
    for (const shape of shapes) {
      const merged = mergeStates(EMPTY_STATE, shape);
      const state = pulledState(shape);
      expect(state).toEqual(merged);
      expect(Object.keys(state.values)).toEqual(Object.keys(merged.values));
      expect(Object.keys(state.clocks)).toEqual(Object.keys(merged.clocks));
    }
  });
});
