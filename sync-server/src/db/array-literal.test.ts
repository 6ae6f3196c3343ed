import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database.ts';
import { boolArray, integerArray, textArray } from './array-literal.ts';

const database = useTestDatabase({ migrated: false });

const NASTY = [
  '',
  'plain',
  'NULL',
  'null',
  'with "quotes"',
  'back\\slash',
  '\\"',
  'trailing backslash \\',
  '{braces},commas,  spaces ',
  'new\nline\ttab',
  'ünïcödé 🙂',
  '"',
  '\\',
  'a,b',
];

describe('array literals', () => {
  it('round-trip any text through PostgreSQL, nulls included', async () => {
    const values = [...NASTY, null, ...NASTY.map((text) => `${text}${text}`)];
    // Read back one row per element: the driver's parser of array results turns NULL into 'NULL'.
    const rows = await database().sql<{ value: string | null }[]>`
      select r.value from unnest(${textArray(values)}::text[]) with ordinality as r(value, position) order by r.position`;
    expect(rows.map((row) => row.value)).toEqual(values);
  });

  it('give one row per element through unnest, in order, beside booleans, dates and integers', async () => {
    const texts = ['a', '"b"', null];
    const rows = await database().sql<{ text: string | null; flag: boolean; day: string; n: number }[]>`
      select r.text, r.flag, to_char(r.day, 'YYYY-MM-DD') as day, r.n
      from unnest(${textArray(texts)}::text[], ${boolArray([true, false, true])}::bool[],
        ${textArray(['2026-01-01', '1950-12-31', '2000-02-29'])}::date[], ${integerArray([1, 9_007_199_254_740_991, 0])}::int8[])
        as r(text, flag, day, n)`;
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { text: 'a', flag: true, day: '2026-01-01', n: 1 },
      { text: '"b"', flag: false, day: '1950-12-31', n: 9_007_199_254_740_991 },
      { text: null, flag: true, day: '2000-02-29', n: 0 },
    ]);
  });

  it('are empty arrays for no elements', async () => {
    const [row] = await database().sql<{ texts: string[]; flags: boolean[]; numbers: number[] }[]>`
      select ${textArray([])}::text[] as texts, ${boolArray([])}::bool[] as flags, ${integerArray([])}::int8[] as numbers`;
    expect(row).toMatchObject({ texts: [], flags: [], numbers: [] });
  });

  it('refuse an integer that would not survive the trip', () => {
    expect(() => integerArray([1.5])).toThrow();
    expect(() => integerArray([Number.MAX_SAFE_INTEGER + 1])).toThrow();
  });
});
