import {
  calendarDayFromParts,
  dayParts,
  daysBetween,
  daysInMonth,
  type CalendarDay,
  type DayParts,
} from '../dates/calendar-day';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const EARLIEST_BIRTH_YEAR = 1930;
export const DEFAULT_BIRTH_YEAR = 2005;
export const SAMPLE_AGE = 28;

/** Years offered, newest first: this year down to 1930, so people born after 2005 can use it too. */
export function yearOptions(today: CalendarDay): number[] {
  const newest = Math.max(dayParts(today).year, EARLIEST_BIRTH_YEAR);
  return Array.from({ length: newest - EARLIEST_BIRTH_YEAR + 1 }, (_, i) => newest - i);
}

/** The days a person can pick: 1 to the length of that month in that year (29 February only in leap years). */
export function dayOptions(year: number, month: number): number[] {
  return Array.from({ length: daysInMonth(year, month) }, (_, i) => i + 1);
}

/** The picker opens on 1 January 2005, or on this year's if 2005 is not offered. */
export function defaultBirthdayParts(today: CalendarDay): DayParts {
  const years = yearOptions(today);
  const year = years.includes(DEFAULT_BIRTH_YEAR) ? DEFAULT_BIRTH_YEAR : (years[0] ?? DEFAULT_BIRTH_YEAR);
  return { year, month: 1, day: 1 };
}

/**
 * A new month or year can shorten the month (31 January -> February): the day is pulled back to
 * the month's last day, so the picker never holds a date that doesn't exist.
 */
export function clampBirthdayParts(parts: DayParts): DayParts {
  const last = daysInMonth(parts.year, parts.month);
  return parts.day > last ? { ...parts, day: last } : parts;
}

export type BirthdayError = 'invalid-date' | 'future';

export type BirthdayCheck =
  | { readonly ok: true; readonly birthday: CalendarDay }
  | { readonly ok: false; readonly error: BirthdayError };

/** A birthday can be charted if it is on the calendar and not after today. */
export function checkBirthday(parts: DayParts, today: CalendarDay): BirthdayCheck {
  const birthday = calendarDayFromParts(parts);
  if (birthday === null) return { ok: false, error: 'invalid-date' };
  if (daysBetween(birthday, today) < 0) return { ok: false, error: 'future' };
  return { ok: true, birthday };
}

/**
 * The birthday of someone who turns `age` today. A 29 February today falls back to 28 February
 * when that year is a common one (2100, 2200 …).
 */
export function birthdayYearsAgo(today: CalendarDay, age: number = SAMPLE_AGE): CalendarDay {
  const { year, month, day } = dayParts(today);
  const parts = clampBirthdayParts({ year: year - age, month, day });
  return calendarDayFromParts(parts) ?? today;
}
