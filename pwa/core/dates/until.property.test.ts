import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, calendarDayFromParts, daysInMonth, type CalendarDay } from './calendar-day';
import { PRESET_SLUGS } from './presets';
import { resolveTarget } from './target';
import { daysUntil, splitWeeks } from './until';

const calendarDay = fc
  .record({ year: fc.integer({ min: 1900, max: 2400 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
  .map(({ year, month, day }) => calendarDayFromParts({ year, month, day: Math.min(day, daysInMonth(year, month)) }) as CalendarDay);

describe('properties of the calculator rules', () => {
  it('counts back exactly the days that were added', () => {
    fc.assert(
      fc.property(calendarDay, fc.integer({ min: -100_000, max: 100_000 }), (today, n) => {
        expect(daysUntil(today, addDays(today, n))).toBe(n);
      }),
    );
  });

  it('splits days into weeks and days that add back up, the days below a week', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (total) => {
        const { weeks, days } = splitWeeks(total);
        expect(weeks * 7 + days).toBe(total);
        expect(Math.abs(days)).toBeLessThan(7);
      }),
    );
  });

  it('answers any URL segment without throwing, and every day it returns is today or later unless past', () => {
    const segment = fc.oneof(
      fc.string(),
      fc.constantFrom(...PRESET_SLUGS),
      fc.integer({ min: -5, max: 200_000 }).map(String),
      calendarDay.map(String),
    );
    fc.assert(
      fc.property(calendarDay, segment, fc.constantFrom('weeks' as const, 'days' as const), (today, text, unit) => {
        const result = resolveTarget(text, unit, today);
        if (result.kind === 'ok') expect(daysUntil(today, result.day)).toBeGreaterThanOrEqual(0);
        if (result.kind === 'past') expect(daysUntil(today, result.day)).toBeLessThan(0);
      }),
    );
  });
});
