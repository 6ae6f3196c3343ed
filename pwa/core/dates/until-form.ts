import { daysBetween, parseCalendarDay, type CalendarDay } from './calendar-day';
import type { CalendarDayIssue } from './calendar-day-schema';

export type UntilDateIssue = CalendarDayIssue | 'past';

export type UntilDateResult =
  | { readonly ok: true; readonly day: CalendarDay }
  | { readonly ok: false; readonly issue: UntilDateIssue };

/**
 * The date field of the weeks-until and days-until forms: a real day, today or later. The same
 * checks as `calendarDaySchema`, written out so the public calculators load no schema library.
 */
export function parseUntilDate(text: string, today: CalendarDay): UntilDateResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, issue: 'required' };
  const day = parseCalendarDay(trimmed);
  if (!day) return { ok: false, issue: 'not-a-day' };
  return daysBetween(today, day) >= 0 ? { ok: true, day } : { ok: false, issue: 'past' };
}
