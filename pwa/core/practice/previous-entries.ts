import { daysBetween, type CalendarDay } from '../dates/calendar-day';
import { byDate, hasGratitudeText, type JournalTexts } from './journal-entry';

/**
 * Browsing past journal entries from the gratitude view, one day at a time.
 *
 * The rules are the specification's, over the past days sorted oldest first: the browse opens on
 * the latest day that has any gratitude text; left goes one day back and stops at the oldest;
 * right goes one day forward and, from the latest, back to today's gratitude view.
 *
 * The state remembers the day shown rather than its position, so a day arriving from another
 * device while browsing does not swap the entry on screen for its neighbour.
 */

export interface PastDay {
  readonly date: CalendarDay;
  readonly hasText: boolean;
}

/** Days before `today` that have an entry, oldest first. */
export function pastDays(
  entries: Iterable<JournalTexts & { readonly date: CalendarDay }>,
  today: CalendarDay,
): PastDay[] {
  const days = new Map<CalendarDay, PastDay>();
  for (const entry of entries) {
    if (daysBetween(entry.date, today) <= 0) continue;
    days.set(entry.date, { date: entry.date, hasText: hasGratitudeText(entry) });
  }
  return [...days.values()].sort(byDate);
}

export type BrowseState =
  | { readonly view: 'gratitude' }
  | { readonly view: 'previous'; readonly date: CalendarDay };

export const TODAY_VIEW: BrowseState = { view: 'gratitude' };

/** Both arrows: the gratitude view's left arrow opens the browse, where both arrows step. */
export type BrowseAction = 'left' | 'right';

/**
 * Where the browse opens: the latest past day with any gratitude text, or the latest past day
 * when none has text; null when there are no past days.
 */
export function startIndex(past: readonly PastDay[]): number | null {
  if (past.length === 0) return null;
  const withText = past.findLastIndex((day) => day.hasText);
  return withText === -1 ? past.length - 1 : withText;
}

/** The position of the day shown; a day no longer in the list gives way to the closest earlier one. */
function positionOf(date: CalendarDay, past: readonly PastDay[]): number {
  const after = past.findIndex((day) => daysBetween(date, day.date) > 0);
  const atOrBefore = (after === -1 ? past.length : after) - 1;
  return Math.max(0, atOrBefore);
}

export function browse(state: BrowseState, action: BrowseAction, past: readonly PastDay[]): BrowseState {
  if (state.view === 'gratitude') {
    // The gratitude view has only a left arrow, inert without past days.
    const start = past[startIndex(past) ?? -1];
    if (action === 'right' || start === undefined) return state;
    return { view: 'previous', date: start.date };
  }
  if (past.length === 0) return TODAY_VIEW;
  const index = positionOf(state.date, past);
  const next = action === 'left' ? Math.max(0, index - 1) : index + 1;
  const day = past[next];
  if (day === undefined) return TODAY_VIEW;
  return day.date === state.date ? state : { view: 'previous', date: day.date };
}

export interface BrowseView {
  /** The day on screen in the previous view; null in the gratitude view. */
  readonly date: CalendarDay | null;
  /** Position among the past days, 0 = oldest; null in the gratitude view. */
  readonly index: number | null;
  readonly count: number;
  /** Whether each arrow does anything: the screen disables the one that would not. */
  readonly canLeft: boolean;
  readonly canRight: boolean;
}

export function browseView(state: BrowseState, past: readonly PastDay[]): BrowseView {
  const index = state.view === 'previous' ? positionOf(state.date, past) : -1;
  const shown = past[index];
  if (shown === undefined) {
    return { date: null, index: null, count: past.length, canLeft: past.length > 0, canRight: false };
  }
  return {
    date: shown.date,
    index,
    count: past.length,
    canLeft: index > 0,
    // From the latest day right leads back to today, so it is never inert here.
    canRight: true,
  };
}
