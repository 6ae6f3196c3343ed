import { describe, expect, it } from 'vitest';
import { weekday } from './calendar-day';
import {
  PRESET_SLUGS,
  defaultTargetDay,
  endOfYear,
  isPresetSlug,
  isRelativePreset,
  nextAnnualDay,
  nextChristmas,
  nextThanksgiving,
  resolvePreset,
  thanksgivingOf,
} from './presets';
import { day } from './test-days';

describe('thanksgiving', () => {
  it.each([
    [2024, '2024-11-28'],
    [2025, '2025-11-27'],
    [2026, '2026-11-26'],
    [2027, '2027-11-25'],
    [2028, '2028-11-23'],
    [2029, '2029-11-22'],
    [2030, '2030-11-28'],
  ])('in %i is %s', (year, expected) => {
    expect(thanksgivingOf(year)).toBe(expected);
  });

  it('is always a Thursday between 22 and 28 November', () => {
    for (let year = 1990; year <= 2100; year++) {
      const result = thanksgivingOf(year);
      expect(weekday(result)).toBe(4);
      expect(Number(result.slice(8))).toBeGreaterThanOrEqual(22);
      expect(Number(result.slice(8))).toBeLessThanOrEqual(28);
    }
  });

  it.each([
    ['2026-01-01', '2026-11-26'],
    ['2026-11-25', '2026-11-26'],
    ['2026-11-26', '2026-11-26'],
    ['2026-11-27', '2027-11-25'],
    ['2027-12-31', '2028-11-23'],
  ])('next from %s is %s', (today, expected) => {
    expect(nextThanksgiving(day(today))).toBe(expected);
  });
});

describe('christmas and end of year', () => {
  it.each([
    ['2026-01-01', '2026-12-25'],
    ['2026-12-24', '2026-12-25'],
    ['2026-12-25', '2026-12-25'],
    ['2026-12-26', '2027-12-25'],
    ['2026-12-31', '2027-12-25'],
  ])('next Christmas from %s is %s', (today, expected) => {
    expect(nextChristmas(day(today))).toBe(expected);
  });

  it.each([
    ['2026-01-01', '2026-12-31'],
    ['2026-12-31', '2026-12-31'],
    ['2027-01-01', '2027-12-31'],
  ])('end of year from %s is %s', (today, expected) => {
    expect(endOfYear(day(today))).toBe(expected);
  });

  it('defaults the entry forms to the next Christmas', () => {
    expect(defaultTargetDay(day('2026-05-01'))).toBe('2026-12-25');
    expect(defaultTargetDay(day('2026-12-26'))).toBe('2027-12-25');
  });
});

describe('nextAnnualDay', () => {
  it.each([
    ['2024-02-29', 2, 29, '2024-02-29'],
    ['2024-03-01', 2, 29, '2028-02-29'],
    ['2097-03-01', 2, 29, '2104-02-29'],
    ['2026-03-01', 3, 1, '2026-03-01'],
    ['2026-03-02', 3, 1, '2027-03-01'],
  ])('from %s, the next %i/%i is %s', (today, month, dayOfMonth, expected) => {
    expect(nextAnnualDay(day(today), month, dayOfMonth)).toBe(expected);
  });
});

describe('resolvePreset', () => {
  it.each([
    ['endofyear', '2026-05-01', '2026-12-31'],
    ['christmas', '2026-05-01', '2026-12-25'],
    ['thanksgiving', '2026-05-01', '2026-11-26'],
    ['1-week-from-today', '2026-12-28', '2027-01-04'],
    ['2-weeks-from-today', '2028-02-20', '2028-03-05'],
    ['3-weeks-from-today', '2026-05-01', '2026-05-22'],
  ] as const)('%s from %s is %s', (slug, today, expected) => {
    expect(resolvePreset(slug, day(today))).toBe(expected);
  });

  it('recognises exactly the six slugs', () => {
    expect(PRESET_SLUGS).toHaveLength(6);
    expect(PRESET_SLUGS.every(isPresetSlug)).toBe(true);
    expect(isPresetSlug('Christmas')).toBe(false);
    expect(isPresetSlug('4-weeks-from-today')).toBe(false);
    expect(PRESET_SLUGS.filter(isRelativePreset)).toEqual(['3-weeks-from-today', '2-weeks-from-today', '1-week-from-today']);
  });
});
