import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { formatHlc } from '#core/sync/hlc';
import type { Change } from '#core/sync/protocol';
import { recordTable, type UserDb } from '../db/user-db';
import { writeRecord } from '../db/write-record';
import { applyChange, applyChanges, recordTables } from './apply-change';
import { freshDb } from './test/fixtures';

const clock = (wall: number, node = 'server') => formatHlc({ wall, counter: 0, node });
const NOW = Date.UTC(2026, 2, 1, 12);

function change(key: string, values: Record<string, unknown>, wall: number, deleted = false): Change {
  const clocks = Object.fromEntries(Object.keys(values).map((field) => [field, clock(wall)]));
  return { table: 'exercises', key, values, clocks, deleted, rev: wall };
}

async function seed(db: UserDb): Promise<void> {
  // A record this device already has, one with a write still pending here, and one to delete.
  await recordTable(db, 'exercises').put({ key: '2026-02-01', values: { gratitudeOne: 'old' }, clocks: { gratitudeOne: clock(1) } });
  await writeRecord(db, 'exercises', '2026-02-02', { gratitudeOne: 'mine, newer' }, NOW);
  await recordTable(db, 'exercises').put({ key: '2026-02-03', values: { gratitude: true }, clocks: { gratitude: clock(1) } });
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
  const tables = await Promise.all(recordTables(db).map((table) => table.toArray()));
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
    const exercises = await recordTable(batched, 'exercises').toArray();
    expect(exercises.find((row) => row.key === '2026-02-02')?.values.gratitudeOne).toBe('mine, newer');
    expect(exercises.find((row) => row.key === '2026-02-01')?.values).toEqual({ gratitudeOne: 'pulled', gratitude: true });
    expect(exercises.some((row) => row.key === '2026-02-03')).toBe(false);
    oneByOne.close();
    batched.close();
  });
});
