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
