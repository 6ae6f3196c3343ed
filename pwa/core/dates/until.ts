import { daysBetween, type CalendarDay } from './calendar-day';

export const DAYS_PER_WEEK = 7;

export interface WeeksAndDays {
  readonly weeks: number;
  readonly days: number;
}

/**
 * Whole calendar days from `today` to `target`: tomorrow is 1, today is 0, yesterday is -1.
 * `today` must already be the person's own calendar day (see `calendarDayInZone`); counting
 * calendar days instead of elapsed milliseconds is what makes the time of day irrelevant.
 */
export function daysUntil(today: CalendarDay, target: CalendarDay): number {
  return daysBetween(today, target);
}

/** Splits a count of days into whole weeks and the days left over: 17 -> 2 weeks and 3 days. */
export function splitWeeks(totalDays: number): WeeksAndDays {
  const sign = totalDays < 0 ? -1 : 1;
  const magnitude = Math.abs(totalDays);
  // Split the magnitude so a past date reads "-2 weeks and -3 days", never "-3 weeks and 4 days";
  // `|| 0` turns the -0 of a zero part back into 0 so it prints and compares as plain 0.
  return {
    weeks: sign * Math.floor(magnitude / DAYS_PER_WEEK) || 0,
    days: sign * (magnitude % DAYS_PER_WEEK) || 0,
  };
}

export function weeksUntil(today: CalendarDay, target: CalendarDay): WeeksAndDays {
  return splitWeeks(daysUntil(today, target));
}
