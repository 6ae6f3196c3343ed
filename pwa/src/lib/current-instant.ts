import { useDeviceFact } from './device-fact';

/**
 * The one place the UI reads the clock (re-exported by ./clock with the calendar-day helpers).
 * Kept apart from them so the app shell, which needs only the instant and the year, does not
 * bring the calendar-day code to the first page.
 */
export function currentInstant(): Date {
  return new Date();
}

/** The current year in the browser's zone, e.g. for the footer's copyright line. */
export function currentYear(): number {
  return currentInstant().getFullYear();
}

let writtenDay: string | undefined;

/**
 * The day (YYYY-MM-DD) a page written ahead of time (pwa/src/prerender.tsx) was written on: its
 * render and the app's first render over it show that day, so the two match; the app then
 * re-renders at once with the device's own day where that differs. Undefined: no such page.
 */
export function setWrittenDay(day: string | undefined): void {
  writtenDay = day;
}

export function getWrittenDay(): string | undefined {
  return writtenDay;
}

/**
 * The current year, as `currentYear`, for a component; a written page's own while it is taken
 * over. The year changes rarely enough that a page shows the one it was opened in.
 */
export function useCurrentYear(): number {
  return useDeviceFact(currentYear, () => (writtenDay === undefined ? currentYear() : Number(writtenDay.slice(0, 4))));
}
