import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../dates/calendar-day';
import { day } from '../dates/test-days';
import { practiceDay, practiceDayStart } from './practice-day';

const at = (iso: string): number => Date.parse(iso);
const FOUR_AM = 240;

describe('practiceDay', () => {
  it.each([
    // 00:30 in New York on 15 March: with a 4 am start it still belongs to 14 March.
    ['2026-03-15T04:30:00Z', 'America/New_York', FOUR_AM, '2026-03-14'],
    ['2026-03-15T04:30:00Z', 'America/New_York', 0, '2026-03-15'],
    // 03:59 is still the day before; 04:00 starts the new one.
    ['2026-03-15T07:59:00Z', 'America/New_York', FOUR_AM, '2026-03-14'],
    ['2026-03-15T08:00:00Z', 'America/New_York', FOUR_AM, '2026-03-15'],
    // Across a year end and into a leap day.
    ['2027-01-01T02:00:00Z', 'Europe/Berlin', FOUR_AM, '2026-12-31'],
    ['2024-02-29T23:30:00Z', 'UTC', 0, '2024-02-29'],
    ['2024-03-01T01:00:00Z', 'UTC', 120, '2024-02-29'],
    // The zone decides the date, not UTC.
    ['2026-11-22T03:00:00Z', 'Asia/Kolkata', 0, '2026-11-22'],
    ['2026-11-22T03:00:00Z', 'America/New_York', 0, '2026-11-21'],
    // Spring forward with a 4 am start: 03:30 EDT does not exist as EST, the clocks decide.
    ['2026-03-08T07:30:00Z', 'America/New_York', FOUR_AM, '2026-03-07'],
    ['2026-03-08T08:00:00Z', 'America/New_York', FOUR_AM, '2026-03-08'],
  ])('%s in %s with the day starting at minute %i is %s', (instant, zone, start, expected) => {
    expect(practiceDay(at(instant), zone, start)).toBe(expected);
  });

  it('keeps a begun day begun when the clocks fall back across its start', () => {
    // A 01:30 start in New York on 1 November 2026: 01:30 EDT starts the day; an hour later the
    // clocks read 01:00-01:29 again (EST), and it is still 1 November's practice.
    const start = 90;
    expect(practiceDay(at('2026-11-01T05:15:00Z'), 'America/New_York', start)).toBe('2026-10-31');
    expect(practiceDay(at('2026-11-01T05:30:00Z'), 'America/New_York', start)).toBe('2026-11-01');
    expect(practiceDay(at('2026-11-01T06:15:00Z'), 'America/New_York', start)).toBe('2026-11-01');
  });

  it('refuses a day start that is not a minute of the day', () => {
    expect(() => practiceDay(0, 'UTC', 1440)).toThrow(RangeError);
    expect(() => practiceDay(0, 'UTC', -1)).toThrow(RangeError);
    expect(() => practiceDay(0, 'UTC', 0.5)).toThrow(RangeError);
  });
});

describe('practiceDayStart', () => {
  it.each([
    ['2026-03-14', 'America/New_York', FOUR_AM, '2026-03-14T08:00:00.000Z'],
    ['2026-07-01', 'Asia/Kolkata', 0, '2026-06-30T18:30:00.000Z'],
    // A start inside the skipped hour begins the day when the clocks resume at 03:00.
    ['2026-03-08', 'America/New_York', 150, '2026-03-08T07:00:00.000Z'],
    // A start inside the repeated hour begins the day at its first occurrence.
    ['2026-11-01', 'America/New_York', 90, '2026-11-01T05:30:00.000Z'],
  ])('%s in %s starting at minute %i begins at %s', (d, zone, start, expected) => {
    expect(new Date(practiceDayStart(day(d), zone, start)).toISOString()).toBe(expected);
  });
});

const ZONES = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Santiago', 'Pacific/Chatham'];
const instant = fc
  .integer({ min: Date.parse('2000-01-01T00:00:00Z') / 60_000, max: Date.parse('2035-01-01T00:00:00Z') / 60_000 })
  .map((m) => m * 60_000);
const dayStart = fc.oneof(fc.constantFrom(0, 60, 90, 120, 150, 180, FOUR_AM), fc.integer({ min: 0, max: 720 }));

describe('properties of the practice day', () => {
  it('never goes back as time goes on, and moves at most one day per day', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 36 * 60 }), fc.constantFrom(...ZONES), dayStart, (t, later, zone, start) => {
        const a = practiceDay(t, zone, start);
        const b = practiceDay(t + later * 60_000, zone, start);
        expect(daysBetween(a, b)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(a, b)).toBeLessThanOrEqual(2);
      }),
      { numRuns: 300 },
    );
  });

  it('begins each day at its start instant', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), dayStart, (t, zone, start) => {
        const d = practiceDay(t, zone, start);
        const begins = practiceDayStart(d, zone, start);
        expect(begins).toBeLessThanOrEqual(t);
        expect(practiceDay(begins, zone, start)).toBe(d);
        expect(practiceDay(begins - 1000, zone, start)).toBe(addDays(d, -1));
        expect(practiceDayStart(addDays(d, 1), zone, start)).toBeGreaterThan(t);
      }),
      { numRuns: 300 },
    );
  });
});
