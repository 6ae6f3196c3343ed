/**
 * A calendar day is a 'YYYY-MM-DD' string: a date with no time and no zone.
 *
 * Arithmetic on calendar days is done on their UTC midnight, where every day is exactly
 * 86,400,000 ms long. Doing it in local time would make a daylight-saving change produce a
 * 23- or 25-hour day and an off-by-one result. Nothing here reads the clock: "today" is always
 * derived by the caller from an instant and a time zone with `calendarDayInZone`.
 */

export type CalendarDay = string & { readonly __brand: 'CalendarDay' };

export const MS_PER_DAY = 86_400_000;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DayParts {
  readonly year: number;
  /** 1 = January … 12 = December. */
  readonly month: number;
  readonly day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month; `month` is 1-based. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isValidDayParts({ year, month, day }: DayParts): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** Parses 'YYYY-MM-DD'; returns null for anything else, including impossible days such as 2026-02-30. */
export function parseCalendarDay(text: string): CalendarDay | null {
  const match = DAY_PATTERN.exec(text);
  if (!match) return null;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidDayParts(parts) ? (text as CalendarDay) : null;
}

export function calendarDayFromParts(parts: DayParts): CalendarDay | null {
  if (!isValidDayParts(parts)) return null;
  const y = String(parts.year).padStart(4, '0');
  const m = String(parts.month).padStart(2, '0');
  const d = String(parts.day).padStart(2, '0');
  return `${y}-${m}-${d}` as CalendarDay;
}

export function dayParts(day: CalendarDay): DayParts {
  return {
    year: Number(day.slice(0, 4)),
    month: Number(day.slice(5, 7)),
    day: Number(day.slice(8, 10)),
  };
}

/** Milliseconds of the day's UTC midnight; only for arithmetic between calendar days. */
export function dayToUtcMs(day: CalendarDay): number {
  const { year, month, day: d } = dayParts(day);
  // Date.UTC would read the years 0-99 as 1900-1999; setUTCFullYear takes any year as written.
  return new Date(0).setUTCFullYear(year, month - 1, d);
}

function dayFromUtcMs(ms: number): CalendarDay {
  const date = new Date(ms);
  return calendarDayFromParts({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  }) as CalendarDay;
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  return dayFromUtcMs(dayToUtcMs(day) + days * MS_PER_DAY);
}

/** Whole calendar days from `from` to `to`: tomorrow is 1, yesterday is -1. */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  return Math.round((dayToUtcMs(to) - dayToUtcMs(from)) / MS_PER_DAY);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: CalendarDay): number {
  return new Date(dayToUtcMs(day)).getUTCDay();
}

/**
 * The calendar day an instant falls on in an IANA time zone (for example the person's own,
 * from `Intl.DateTimeFormat().resolvedOptions().timeZone`).
 */
export function calendarDayInZone(instant: Date, timeZone: string): CalendarDay {
  const parts = dayFormatterFor(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value);
  return calendarDayFromParts({ year: get('year'), month: get('month'), day: get('day') }) as CalendarDay;
}

/** The furthest any zone's clocks run ahead of UTC: UTC+14 (the Line Islands). */
const MAX_ZONE_AHEAD_MS = 14 * 60 * 60 * 1000;

/**
 * The newest calendar day anywhere on Earth at an instant (its day at UTC+14). Where the person's
 * zone is unknown (the server), a day after this one is in the future for everybody.
 */
export function latestDayOnEarth(instant: number): CalendarDay {
  return dayFromUtcMs(instant + MAX_ZONE_AHEAD_MS);
}

/**
 * The calendar day an instant falls on in the runtime's own zone, read from Date's local fields:
 * the same day `calendarDayInZone` gives for that zone, without building an Intl formatter.
 */
export function calendarDayInLocalZone(instant: Date): CalendarDay {
  return calendarDayFromParts({ year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate() }) as CalendarDay;
}

/**
 * Builds an Intl formatter the first time it is asked for and keeps it: building one costs
 * milliseconds (far more than using it), and a page should pay only for those it shows.
 */
export function lazyFormat<T>(create: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= create());
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (formatter === undefined) {
    // Throws RangeError for a zone Intl does not know: nothing is cached then.
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/**
 * 'Friday, December 25, 2026', as en-US writes it. Spelled out here rather than through
 * Intl.DateTimeFormat: a page's first date formatter loads the browser's date data, a single
 * 40-50 ms task on a fast machine before a date page can show its answer, and the words of one
 * fixed language and calendar need none of it (the tests hold it to Intl's own output).
 */
export function formatLongDay(day: CalendarDay): string {
  const { year, month, day: date } = dayParts(day);
  return `${WEEKDAY_NAMES[weekday(day)] ?? ''}, ${MONTH_NAMES[month - 1] ?? ''} ${String(date)}, ${String(year)}`;
}

const numberFormat = lazyFormat(() => new Intl.NumberFormat('en-US'));

/**
 * English digit grouping: 4732 -> '4,732'. Whole numbers, what the pages count, are grouped
 * here directly (the first Intl.NumberFormat of a page costs more than the rest of its chart);
 * anything else goes through Intl.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return numberFormat().format(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 || Object.is(value, -0) ? `-${digits}` : digits;
}

/** 'December 25, 2026', en-US's long date (spelled out as `formatLongDay` is). */
export function formatMonthDayYear(day: CalendarDay): string {
  const { year, month, day: date } = dayParts(day);
  return `${MONTH_NAMES[month - 1] ?? ''} ${String(date)}, ${String(year)}`;
}

/** 'Dec 25, 2026': for lists, where the long form would wrap on a phone (spelled out as `formatLongDay` is). */
export function formatMediumDay(day: CalendarDay): string {
  const { year, month, day: date } = dayParts(day);
  return `${MONTH_NAMES[month - 1]?.slice(0, 3) ?? ''} ${String(date)}, ${String(year)}`;
}
