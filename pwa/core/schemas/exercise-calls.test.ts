import { describe, expect, it } from 'vitest';
import { recordDayOf, updateBirthdayRequestSchema, updateExerciseRequestSchema } from './exercise-calls';

describe('recordDayOf', () => {
  it.each([
    ['2026-03-02', '2026-03-02'],
    ['2024-02-29', '2024-02-29'],
    // Local midnight sent in UTC: Paris (UTC+1), Sydney (UTC+11), Auckland in summer (UTC+13 gives the day before).
    ['2026-03-01T23:00:00.000Z', '2026-03-02'],
    ['2026-03-01T13:00:00.000Z', '2026-03-02'],
    ['2026-03-01T11:00:00Z', '2026-03-01'],
    // New York (UTC-5), Honolulu (UTC-10).
    ['2026-03-02T05:00:00.000Z', '2026-03-02'],
    ['2026-03-02T10:00:00Z', '2026-03-02'],
    ['2026-03-02T00:00:00.000Z', '2026-03-02'],
    // With its own offset the written date is the local day.
    ['2026-03-02T00:00:00+09:00', '2026-03-02'],
    ['2026-03-02T00:00-0500', '2026-03-02'],
    ['2025-12-31T23:00:00.000Z', '2026-01-01'],
  ])('reads %s as %s', (text, day) => {
    expect(recordDayOf(text)).toBe(day);
  });

  it.each(['2026-02-30', '2026-02-30T00:00:00Z', '26-03-01', 'today', '2026-03-01T25:00:00Z', '2026-03-01 00:00:00', ''])(
    'refuses %j',
    (text) => {
      expect(recordDayOf(text)).toBeNull();
    },
  );
});

describe('record call requests', () => {
  it('needs at least one field to update', () => {
    expect(updateExerciseRequestSchema.safeParse({ date: '2026-03-01' }).success).toBe(false);
    expect(updateExerciseRequestSchema.parse({ date: '2026-03-01T23:00:00.000Z', mortality: true })).toEqual({
      date: '2026-03-02',
      mortality: true,
    });
  });

  it('takes birthday parts as numbers or digits, January being 1, and only days that exist', () => {
    expect(updateBirthdayRequestSchema.parse({ month: '1', day: 31, year: '1990' })).toEqual({ month: 1, day: 31, year: 1990 });
    expect(updateBirthdayRequestSchema.safeParse({ month: 2, day: 29, year: 1900 }).success).toBe(false);
    expect(updateBirthdayRequestSchema.safeParse({ month: 2, day: 29, year: 2000 }).success).toBe(true);
    expect(updateBirthdayRequestSchema.safeParse({ month: true, day: 1, year: 1990 }).success).toBe(false);
  });
});
