import { dayToUtcMs, type CalendarDay } from '#core/dates/calendar-day';
import type { DoneRule } from '#core/practice/streaks';

const WEEKDAY_MONTH_DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

const MONTH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'Tuesday, November 3': a calendar cell's name. */
export function formatWeekdayMonthDay(day: CalendarDay): string {
  return WEEKDAY_MONTH_DAY.format(new Date(dayToUtcMs(day)));
}

/** 'November 2026'. */
export function formatMonthYear(firstOfMonth: CalendarDay): string {
  return MONTH_YEAR.format(new Date(dayToUtcMs(firstOfMonth)));
}

/** '1 day', '3 days'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** 'Midnight', '1 am' … '6 am': the day starts a person can choose. */
/** The done rules as the account settings offer them, in this order. */
export const DONE_RULE_CHOICES: readonly { readonly rule: DoneRule; readonly label: string }[] = [
  { rule: 'both', label: 'Both exercises are done' },
  { rule: 'gratitude', label: 'The gratitude journal is done' },
  { rule: 'mortality', label: 'The weeks-left exercise is done' },
  { rule: 'either', label: 'Either exercise is done' },
];

export const DAY_START_CHOICES: readonly { readonly minutes: number; readonly label: string }[] = [
  { minutes: 0, label: 'Midnight' },
  ...[1, 2, 3, 4, 5, 6].map((hour) => ({ minutes: hour * 60, label: `${hour} am` })),
];
