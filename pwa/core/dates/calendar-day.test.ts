import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  dayToUtcMs,
  parseCalendarDay,
  calendarDayInZone,
  calendarDayInLocalZone,
  formatLongDay,
  formatMonthDayYear,
  formatMediumDay,
  formatCount,
  latestDayOnEarth,
} from '#core/dates/calendar-day';

describe('calendar days', () => {
  it('rejects impossible days and accepts leap days only in leap years', () => {
    expect(parseCalendarDay('2026-02-30')).toBeNull();
    expect(parseCalendarDay('2023-02-29')).toBeNull();
    expect(parseCalendarDay('2024-02-29')).toBe('2024-02-29');
    expect(parseCalendarDay('2100-02-29')).toBeNull();
    expect(parseCalendarDay('2000-02-29')).toBe('2000-02-29');
    expect(parseCalendarDay('garbage')).toBeNull();
    expect(parseCalendarDay('2026-1-01')).toBeNull();
  });

  it('counts whole days across a daylight-saving change and a year end', () => {
    const march = parseCalendarDay('2026-03-07');
    const afterDst = parseCalendarDay('2026-03-09');
    if (!march || !afterDst) throw new Error('fixture');
    expect(daysBetween(march, afterDst)).toBe(2);
    const dec31 = parseCalendarDay('2026-12-31');
    if (!dec31) throw new Error('fixture');
    expect(addDays(dec31, 1)).toBe('2027-01-01');
    expect(daysBetween(dec31, addDays(dec31, -365))).toBe(-365);
  });

  it('counts the days of the first century as days, not as the 1900s', () => {
    const day = (text: string) => {
      const parsed = parseCalendarDay(text);
      if (!parsed) throw new Error(`fixture ${text}`);
      return parsed;
    };
    expect(daysBetween(day('0099-12-31'), day('0100-01-01'))).toBe(1);
    expect(addDays(day('0050-06-15'), 1)).toBe('0050-06-16');
    expect(daysBetween(day('0001-01-01'), day('2026-01-01'))).toBe(739_616);
    // Any day from year 1 on is one day after the day before it.
    const anyDay = fc
      .record({ year: fc.integer({ min: 1, max: 9997 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) })
      .map(({ year, month, day: d }) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(anyDay, (text) => {
        const parsed = day(text);
        expect(addDays(addDays(parsed, 1), -1)).toBe(parsed);
        expect(daysBetween(parsed, addDays(parsed, 400))).toBe(400);
      }),
      { numRuns: 500 },
    );
  });

  it('takes the calendar day of an instant in the given zone', () => {
    const instant = new Date('2026-11-22T03:00:00Z');
    expect(calendarDayInZone(instant, 'UTC')).toBe('2026-11-22');
    expect(calendarDayInZone(instant, 'America/New_York')).toBe('2026-11-21');
    expect(calendarDayInZone(instant, 'Asia/Tokyo')).toBe('2026-11-22');
  });

  describe('in the runtime\'s own zone', () => {
    // The tests run on Node, whose TZ variable sets Date's local zone; core's types stay ES-only.
    const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
    const original = env.TZ;
    afterEach(() => {
      if (original === undefined) delete env.TZ;
      else env.TZ = original;
    });

    // Node applies a new TZ to Date's local fields at once, so each zone can be the runtime's own.
    it.each(['UTC', 'America/New_York', 'Australia/Adelaide', 'Pacific/Chatham', 'Pacific/Kiritimati', 'America/St_Johns'])(
      'agrees with the Intl answer for %s at any instant, across DST changes and midnights',
      (zone) => {
        env.TZ = zone;
        expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
        fc.assert(
          fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }), (instant) => {
            expect(calendarDayInLocalZone(instant)).toBe(calendarDayInZone(instant, zone));
          }),
          { numRuns: 300 },
        );
        // The last second of a day and the first of the next, in that zone.
        const newYear = new Date(2027, 0, 1, 0, 0, 0);
        expect(calendarDayInLocalZone(newYear)).toBe('2027-01-01');
        expect(calendarDayInLocalZone(new Date(newYear.getTime() - 1000))).toBe('2026-12-31');
      },
    );
  });

  it("finds the newest day on Earth: the Line Islands' day, which no zone is ahead of", () => {
    expect(latestDayOnEarth(Date.UTC(2026, 10, 22, 9, 59, 59))).toBe('2026-11-22');
    expect(latestDayOnEarth(Date.UTC(2026, 10, 22, 10, 0, 0))).toBe('2026-11-23');
    const zones = ['UTC', 'Pacific/Auckland', 'Pacific/Chatham', 'Pacific/Tongatapu', 'America/Los_Angeles', 'Pacific/Pago_Pago'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (instant) => {
        const latest = latestDayOnEarth(instant);
        expect(latest).toBe(calendarDayInZone(new Date(instant), 'Pacific/Kiritimati'));
        for (const zone of zones) expect(calendarDayInZone(new Date(instant), zone) <= latest).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('groups digits as English does, for any number', () => {
    expect(formatCount(4732)).toBe('4,732');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(-1000)).toBe('-1,000');
    expect(formatCount(0)).toBe('0');
    const english = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e15, max: 1e15 }), fc.maxSafeInteger(), fc.double({ noNaN: true })), (value) => {
        expect(formatCount(value)).toBe(english.format(value));
      }),
      { numRuns: 500 },
    );
  });

  it('writes a day out in English', () => {
    const day = parseCalendarDay('2026-12-25');
    if (!day) throw new Error('fixture');
    expect(formatLongDay(day)).toBe('Friday, December 25, 2026');
    expect(formatMediumDay(day)).toBe('Dec 25, 2026');
    expect(formatMonthDayYear(day)).toBe('December 25, 2026');
  });

  it('writes any day as Intl writes it in en-US', () => {
    const long = new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    const medium = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    const monthDayYear = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    const days = fc.date({ min: new Date(new Date(0).setUTCFullYear(1, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true });
    fc.assert(
      fc.property(days, (instant) => {
        const day = calendarDayInZone(instant, 'UTC');
        const midnight = new Date(dayToUtcMs(day));
        expect(formatLongDay(day)).toBe(long.format(midnight));
        expect(formatMediumDay(day)).toBe(medium.format(midnight));
        expect(formatMonthDayYear(day)).toBe(monthDayYear.format(midnight));
      }),
      { numRuns: 1000 },
    );
  });
});
