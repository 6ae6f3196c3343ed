import { daysBetween, type CalendarDay } from './calendar-day';
import { calendarDaySchema, type CalendarDayIssue } from './calendar-day-schema';

export type UntilDateIssue = CalendarDayIssue | 'past';

export type UntilDateResult =
  | { readonly ok: true; readonly day: CalendarDay }
  | { readonly ok: false; readonly issue: UntilDateIssue };

/** The date field of the weeks-until and days-until forms: a real day, today or later. */
export function untilDateSchema(today: CalendarDay) {
  return calendarDaySchema.refine((day) => daysBetween(today, day) >= 0, { message: 'past' });
}

function isIssue(message: string | undefined): message is UntilDateIssue {
  return message === 'required' || message === 'not-a-day' || message === 'past';
}

export function parseUntilDate(text: string, today: CalendarDay): UntilDateResult {
  const result = untilDateSchema(today).safeParse(text);
  if (result.success) return { ok: true, day: result.data };
  const message = result.error.issues[0]?.message;
  return { ok: false, issue: isIssue(message) ? message : 'not-a-day' };
}
