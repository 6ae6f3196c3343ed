import { addDays, type CalendarDay } from '../dates/calendar-day';
import { instantAtWallTime, wallTimeAt } from '../dates/zone-time';

/**
 * The practice day: the calendar day a journal entry belongs to. A person may start their day
 * later than midnight (say 4 am) so that writing at 00:30 still counts for the day they are
 * finishing rather than for one they have not begun.
 *
 * The start is a wall-clock time, compared with what the zone's clocks show. Subtracting the
 * offset from the instant instead would move the boundary by an hour on daylight-saving days.
 */

const MINUTES_PER_DAY = 1440;

export function assertMinuteOfDay(minutes: number, what: string): void {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= MINUTES_PER_DAY) {
    throw new RangeError(`${what} must be a whole number of minutes 0-1439, not ${String(minutes)}`);
  }
}

/**
 * The practice day that `instant` falls in, in `timeZone`, for a day starting `dayStartMinutes`
 * after midnight: the latest day whose start (see `practiceDayStart`) is not after the instant.
 */
export function practiceDay(instant: number, timeZone: string, dayStartMinutes = 0): CalendarDay {
  assertMinuteOfDay(dayStartMinutes, 'The day start');
  const wall = wallTimeAt(instant, timeZone);
  const byWallClock = wall.minutes < dayStartMinutes ? addDays(wall.day, -1) : wall.day;
  // When the clocks fall back across the start time (a 01:30 start, clocks going from 02:00 back
  // to 01:00) the wall clock says "before the start" again for half an hour after the day began.
  // Once begun, a day stays begun: an entry written then must not jump back to yesterday.
  const next = addDays(byWallClock, 1);
  return instant >= practiceDayStart(next, timeZone, dayStartMinutes) ? next : byWallClock;
}

/**
 * The first instant of a practice day. When the start time does not exist that day (it falls in
 * a spring-forward gap) the day starts as soon as the clocks resume; when it occurs twice, at the
 * first occurrence, so a day is never started twice.
 */
export function practiceDayStart(day: CalendarDay, timeZone: string, dayStartMinutes = 0): number {
  assertMinuteOfDay(dayStartMinutes, 'The day start');
  return instantAtWallTime(day, dayStartMinutes, timeZone).instant;
}
