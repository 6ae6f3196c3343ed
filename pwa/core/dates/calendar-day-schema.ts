import { z } from 'zod';
import { parseCalendarDay, type CalendarDay } from './calendar-day';

/**
 * A calendar day typed into a form or sent in a request: 'YYYY-MM-DD' and on the calendar.
 * Issue messages are codes ('required', 'not-a-day'); each screen words them itself.
 */
export const calendarDaySchema = z
  .string()
  .trim()
  .min(1, 'required')
  .transform((text, ctx): CalendarDay => {
    const day = parseCalendarDay(text);
    if (day) return day;
    ctx.addIssue({ code: 'custom', message: 'not-a-day' });
    return z.NEVER;
  });

export type CalendarDayIssue = 'required' | 'not-a-day';
