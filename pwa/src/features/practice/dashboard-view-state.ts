import { parseCalendarDay, type CalendarDay } from '#core/dates/calendar-day';
import type { BrowseState } from '#core/practice/previous-entries';

/**
 * The dashboard's in-page views (specification 2.4), each with an address of its own so Back
 * and a reload return to it: /dashboard, ?view=gratitude, ?view=previous&date=…, ?view=account.
 */
export type DashboardView =
  | { readonly view: 'dashboard' }
  | { readonly view: 'gratitude' }
  | { readonly view: 'previous'; readonly date: CalendarDay | null }
  | { readonly view: 'account' };

export function parseDashboardView(params: URLSearchParams): DashboardView {
  switch (params.get('view')) {
    case 'gratitude':
      return { view: 'gratitude' };
    case 'previous':
      return { view: 'previous', date: parseCalendarDay(params.get('date') ?? '') };
    case 'account':
      return { view: 'account' };
    default:
      return { view: 'dashboard' };
  }
}

/** The query string of a view ('' for the dashboard itself). */
export function dashboardSearch(view: DashboardView | BrowseState): string {
  switch (view.view) {
    case 'dashboard':
      return '';
    case 'previous':
      return view.date === null ? '?view=previous' : `?view=previous&date=${view.date}`;
    default:
      return `?view=${view.view}`;
  }
}
