import { parseCalendarDay, type CalendarDay } from './calendar-day';

/** A fixture day; fails the test loudly on a typo instead of passing null along. */
export function day(text: string): CalendarDay {
  const parsed = parseCalendarDay(text);
  if (!parsed) throw new Error(`Not a calendar day: ${text}`);
  return parsed;
}
