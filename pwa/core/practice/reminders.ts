import { addDays, daysBetween, type CalendarDay } from '../dates/calendar-day';
import { instantAtWallTime } from '../dates/zone-time';
import { assertMinuteOfDay, practiceDay } from './practice-day';

/**
 * The daily reminder: once per practice day, at the person's chosen wall-clock time in their own
 * zone, and only while that day's practice is not done.
 *
 * Each practice day has one reminder slot, inside the day. With a 4 am day start and a 1 am
 * reminder, the reminder of Monday's practice comes at 1 am on Tuesday, while Monday is ending.
 * A slot whose time the clocks skip (spring forward) comes when they resume; a slot whose time
 * the clocks show twice (fall back) comes at the first showing and, being once a day, not again.
 *
 * A slot already passed today and not yet sent is due at once: a phone asleep at the reminder
 * time still reminds when it wakes, as long as the day is not over. Recording the day sent
 * (`lastSentDay`) is what keeps that to once.
 */

export interface ReminderInput {
  /** Local time of the reminder in minutes after midnight (1200 = 8 pm). */
  readonly reminderMinutes: number;
  /** The person's IANA zone; an unknown zone throws RangeError (see `isValidTimeZone`). */
  readonly timeZone: string;
  /** Minutes after midnight at which the person's day starts; midnight by default. */
  readonly dayStartMinutes?: number;
  readonly now: number;
  /** The practice day the last reminder was sent for; null when none was. */
  readonly lastSentDay: CalendarDay | null;
  /** Whether today's practice (the practice day of `now`) is done, by the person's done rule. */
  readonly todayDone: boolean;
}

export interface ReminderDue {
  /** The practice day this reminder is for: store it as `lastSentDay` once sent. */
  readonly day: CalendarDay;
  /** When to send it: the slot, or `now` for today's slot already passed. */
  readonly due: number;
}

/** The instant of a practice day's reminder slot. */
export function reminderSlot(
  day: CalendarDay,
  reminderMinutes: number,
  timeZone: string,
  dayStartMinutes = 0,
): number {
  assertMinuteOfDay(reminderMinutes, 'The reminder time');
  assertMinuteOfDay(dayStartMinutes, 'The day start');
  // A reminder time before the day start is on the next calendar date, still inside this practice day.
  const date = reminderMinutes < dayStartMinutes ? addDays(day, 1) : day;
  return instantAtWallTime(date, reminderMinutes, timeZone).instant;
}

/** The next reminder to send: today's unless done or sent, else tomorrow's. */
export function nextReminder(input: ReminderInput): ReminderDue {
  const dayStart = input.dayStartMinutes ?? 0;
  const today = practiceDay(input.now, input.timeZone, dayStart);
  let day = input.todayDone ? addDays(today, 1) : today;
  // Sent for a day at or after this one (or a clock set back since): that day is settled.
  if (input.lastSentDay !== null && daysBetween(day, input.lastSentDay) >= 0) day = addDays(input.lastSentDay, 1);
  const slot = reminderSlot(day, input.reminderMinutes, input.timeZone, dayStart);
  return { day, due: Math.max(slot, input.now) };
}

/** The practice day to send a reminder for right now, or null when none is due yet. */
export function reminderToSend(input: ReminderInput): CalendarDay | null {
  const next = nextReminder(input);
  return next.due <= input.now ? next.day : null;
}
