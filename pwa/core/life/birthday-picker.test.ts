import { describe, expect, it } from 'vitest';
import { day } from '../dates/test-days';
import {
  MONTH_NAMES,
  birthdayYearsAgo,
  checkBirthday,
  clampBirthdayParts,
  dayOptions,
  defaultBirthdayParts,
  yearOptions,
} from './birthday-picker';

describe('dayOptions', () => {
  it.each([
    [2026, 1, 31],
    [2026, 2, 28],
    [2024, 2, 29],
    [2000, 2, 29],
    [1900, 2, 28],
    [2026, 4, 30],
    [2026, 6, 30],
    [2026, 9, 30],
    [2026, 11, 30],
    [2026, 12, 31],
  ])('%i-%i offers days 1 to %i', (year, month, last) => {
    const days = dayOptions(year, month);
    expect(days).toHaveLength(last);
    expect(days[0]).toBe(1);
    expect(days.at(-1)).toBe(last);
    // Each day once, in order (the old list repeated 11 and 12).
    expect(new Set(days).size).toBe(days.length);
  });
});

describe('the month and year lists', () => {
  it('names the twelve months in order', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(MONTH_NAMES[0]).toBe('January');
    expect(MONTH_NAMES[11]).toBe('December');
  });

  it('runs from this year down to 1930, newest first', () => {
    const years = yearOptions(day('2026-11-22'));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1930);
    expect(years).toHaveLength(97);
  });

  it('opens on 1 January 2005', () => {
    expect(defaultBirthdayParts(day('2026-11-22'))).toEqual({ year: 2005, month: 1, day: 1 });
  });
});

describe('clampBirthdayParts', () => {
  it('pulls a day that no longer exists back to the end of the month', () => {
    expect(clampBirthdayParts({ year: 2026, month: 2, day: 31 })).toEqual({ year: 2026, month: 2, day: 28 });
    expect(clampBirthdayParts({ year: 2024, month: 2, day: 31 })).toEqual({ year: 2024, month: 2, day: 29 });
    expect(clampBirthdayParts({ year: 2023, month: 2, day: 29 })).toEqual({ year: 2023, month: 2, day: 28 });
    expect(clampBirthdayParts({ year: 2026, month: 4, day: 31 })).toEqual({ year: 2026, month: 4, day: 30 });
  });

  it('leaves a day that exists alone', () => {
    const parts = { year: 2024, month: 2, day: 29 };
    expect(clampBirthdayParts(parts)).toBe(parts);
  });
});

describe('checkBirthday', () => {
  const today = day('2026-11-22');

  it('accepts a past day and today', () => {
    expect(checkBirthday({ year: 1990, month: 6, day: 15 }, today)).toEqual({ ok: true, birthday: '1990-06-15' });
    expect(checkBirthday({ year: 2026, month: 11, day: 22 }, today)).toEqual({ ok: true, birthday: '2026-11-22' });
  });

  it('refuses a birthday after today', () => {
    expect(checkBirthday({ year: 2026, month: 11, day: 23 }, today)).toEqual({ ok: false, error: 'future' });
    expect(checkBirthday({ year: 2026, month: 12, day: 1 }, today)).toEqual({ ok: false, error: 'future' });
  });

  it('refuses a day that is not on the calendar', () => {
    expect(checkBirthday({ year: 2026, month: 2, day: 31 }, today)).toEqual({ ok: false, error: 'invalid-date' });
    expect(checkBirthday({ year: 2023, month: 2, day: 29 }, today)).toEqual({ ok: false, error: 'invalid-date' });
  });
});

describe('birthdayYearsAgo', () => {
  it('gives the birthday of someone turning 28 today', () => {
    expect(birthdayYearsAgo(day('2026-11-22'))).toBe('1998-11-22');
  });

  it('keeps 29 February when that year has one and falls back to the 28th when not', () => {
    expect(birthdayYearsAgo(day('2028-02-29'))).toBe('2000-02-29');
    expect(birthdayYearsAgo(day('2128-02-29'))).toBe('2100-02-28');
  });
});
