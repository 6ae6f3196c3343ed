import { useCallback, useSyncExternalStore } from 'react';
import type { CalendarDay } from '#core/dates/calendar-day';
import { practiceDay } from '#core/practice/practice-day';
import { browserTimeZone, currentInstant } from '../../lib/clock';

// The day may start at any minute (the person's day start), so look again every minute.
const CHECK_EVERY_MS = 60_000;

function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, CHECK_EVERY_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') onChange();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * Today's practice day: the browser's zone and the person's day start (00:30 with a 4 am start
 * still belongs to yesterday). Re-renders when it rolls over.
 */
export function usePracticeToday(dayStartMinutes: number): CalendarDay {
  const read = useCallback(
    () => practiceDay(currentInstant().getTime(), browserTimeZone(), dayStartMinutes),
    [dayStartMinutes],
  );
  return useSyncExternalStore(subscribe, read);
}
