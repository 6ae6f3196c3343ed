import { describe, expect, it } from 'vitest';
import { dashboardHref, dashboardView, paths, type DashboardView } from './paths';
import { parseCalendarDay } from './dates/calendar-day';

// Core is type-checked without DOM or Node libraries: no URL here, a plain split does.
const split = (href: string) => {
  const [pathname = '', query = ''] = href.split('?');
  const params = new Map(query.split('&').filter(Boolean).map((pair) => pair.split('=') as [string, string]));
  return { pathname, search: { get: (name: string) => params.get(name) ?? null } };
};
const searchOf = (href: string) => split(href).search;

describe('dashboard views', () => {
  const day = parseCalendarDay('2026-03-01');
  const views: DashboardView[] = [
    { view: 'dashboard' },
    { view: 'gratitude' },
    { view: 'previous', date: null },
    { view: 'previous', date: day },
    { view: 'account' },
  ];

  it.each(views)('reads back the view its address names: %o', (view) => {
    const href = dashboardHref(view);
    expect(split(href).pathname).toBe(paths.dashboard.path);
    expect(dashboardView(searchOf(href))).toEqual(view);
  });

  it('treats an unknown view or a damaged date as what it can still show', () => {
    expect(dashboardView(searchOf('/dashboard?view=settings'))).toEqual({ view: 'dashboard' });
    expect(dashboardView(searchOf('/dashboard?view=previous&date=2026-02-31'))).toEqual({ view: 'previous', date: null });
  });
});
