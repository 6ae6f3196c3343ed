import { dayParts, daysBetween, parseCalendarDay, type CalendarDay } from '../dates/calendar-day';

/**
 * A life on the chart: 91 years of 52 weeks, one row per year. Real years are a day or two
 * longer than 52 weeks; the chart keeps rows of exactly 52 so that a row reads as a year and
 * the whole life fits a rectangle, while "weeks lived" is counted from real days.
 */
export const LIFE_YEARS = 91;
export const WEEKS_PER_ROW = 52;
export const LIFE_WEEKS = LIFE_YEARS * WEEKS_PER_ROW;
export const DAYS_PER_WEEK = 7;

/** A weeks count in the URL above this is not a life: about 190 years. */
export const MAX_WEEKS_IN_URL = 10_000;

/** Whole weeks from the birthday to `today`; negative when the birthday is still to come. */
export function weeksBetween(birthday: CalendarDay, today: CalendarDay): number {
  return Math.floor(daysBetween(birthday, today) / DAYS_PER_WEEK);
}

export interface LifeSummary {
  /** Whole weeks lived; may exceed LIFE_WEEKS for someone older than 91. */
  readonly lived: number;
  /** Weeks left on the chart, never below 0. */
  readonly left: number;
  /** The week of life the person is in now (lived + 1). */
  readonly onWeek: number;
  /** True once every week on the chart has been lived. */
  readonly beyondChart: boolean;
}

export function summarizeLife(lived: number): LifeSummary {
  return {
    lived,
    left: Math.max(0, LIFE_WEEKS - lived),
    onWeek: lived + 1,
    beyondChart: lived >= LIFE_WEEKS,
  };
}

/** Why a chart address cannot be shown: the UI turns these into words. */
export type LifeInputError =
  /** Neither a 'YYYY-MM-DD' day nor a whole number of weeks (or a day not on the calendar). */
  | 'malformed'
  /** A birthday after today. */
  | 'future'
  /** A weeks count above MAX_WEEKS_IN_URL. */
  | 'too-many-weeks';

export type LifeInput =
  | { readonly ok: true; readonly lived: number; readonly birthday: CalendarDay | null }
  | { readonly ok: false; readonly error: LifeInputError };

const WHOLE_NUMBER = /^\d{1,9}$/;

/**
 * Reads the {bday} part of a chart address. The product writes a 'YYYY-MM-DD' birthday (so a
 * shared link shows the same chart to anyone, on any day); older links carry the weeks lived
 * as a whole number, which is taken as is.
 */
export function parseLifeParam(param: string, today: CalendarDay): LifeInput {
  if (WHOLE_NUMBER.test(param)) {
    const lived = Number(param);
    if (lived > MAX_WEEKS_IN_URL) return { ok: false, error: 'too-many-weeks' };
    return { ok: true, lived, birthday: null };
  }
  const birthday = parseCalendarDay(param);
  if (birthday === null) return { ok: false, error: 'malformed' };
  const lived = weeksBetween(birthday, today);
  if (lived < 0) return { ok: false, error: 'future' };
  return { ok: true, lived, birthday };
}

/**
 * How every screen numbers a week of life, so the chart's label and a milestone's overlay agree.
 * The one count is the whole weeks lived before the week: it is the week's cell on the chart and
 * a milestone's weekNum, and it splits into whole 52-week years lived and the weeks left over.
 * Week 2,706 is therefore year 52, week 2 (52 × 52 + 2), and the week of birth is year 0, week 0,
 * the way a first year of life is age 0.
 */
export interface LifeWeek {
  /** Whole weeks lived before this week: the cell index on the chart. */
  readonly weekOfLife: number;
  /** Whole 52-week years before it: the chart row, from 0. */
  readonly year: number;
  /** Weeks into that year: the chart column, from 0. */
  readonly week: number;
}

export function lifeWeek(index: number): LifeWeek {
  return { weekOfLife: index, year: Math.floor(index / WEEKS_PER_ROW), week: index % WEEKS_PER_ROW };
}

export function isOnChart(index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < LIFE_WEEKS;
}

/**
 * Whole years from `birthday` to `day`, the way people say their age. Someone born on
 * 29 February turns a year older on 1 March in common years.
 */
export function ageOn(birthday: CalendarDay, day: CalendarDay): number {
  const born = dayParts(birthday);
  const on = dayParts(day);
  const hadBirthday = on.month > born.month || (on.month === born.month && on.day >= born.day);
  return on.year - born.year - (hadBirthday ? 0 : 1);
}
