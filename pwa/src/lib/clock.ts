import { useSyncExternalStore } from 'react';
import { calendarDayInLocalZone, parseCalendarDay, type CalendarDay } from '#core/dates/calendar-day';
import { currentInstant, getWrittenDay } from './current-instant';

/**
 * The UI reads the clock only through here (and ./current-instant, which the app shell uses
 * directly). Everything else receives "now" or "today" from these, so a test (or Playwright's
 * page.clock) that sets Date controls every screen at once.
 */
export { currentInstant, setWrittenDay } from './current-instant';

/** The person's own IANA time zone, as the browser reports it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Today in the person's own zone: Date's local fields are that zone's, so no Intl is needed. */
export function todayInBrowserZone(): CalendarDay {
  return calendarDayInLocalZone(currentInstant());
}

/**
 * Milliseconds until the next local midnight. Date's local time is the browser's zone, and
 * setHours(24) lets the engine handle days that are 23 or 25 hours long.
 */
function msUntilNextMidnight(now: Date): number {
  const midnight = new Date(now.getTime());
  midnight.setHours(24, 0, 0, 0);
  return midnight.getTime() - now.getTime();
}

// A little past midnight, so a timer that fires a few milliseconds early still lands on the new day.
const ROLLOVER_MARGIN_MS = 1_000;

function subscribe(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      onChange();
      schedule();
    }, msUntilNextMidnight(currentInstant()) + ROLLOVER_MARGIN_MS);
  };
  // A sleeping device or a backgrounded tab delays timers; coming back re-reads the day.
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    onChange();
    schedule();
  };
  schedule();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Today's calendar day in the browser's zone; re-renders when the day rolls over. */
export function useToday(): CalendarDay {
  // Calendar days are strings, so an unchanged day compares equal and causes no re-render.
  return useSyncExternalStore(subscribe, todayInBrowserZone, () => parseCalendarDay(getWrittenDay() ?? '') ?? todayInBrowserZone());
}
