import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { CalendarDay } from '#core/dates/calendar-day';
import type { WrittenPageData } from '#core/written-page-data';
import { AppRoutes, preloadPage } from './app/router';
import { setWrittenDay } from './lib/clock';
import { setWrittenOrigin } from './lib/site-origin';
import { setWrittenData } from './lib/written-data';

/** The app at one address, as a signed-out visitor's first render shows it. */
export function pageAt(pathname: string) {
  return (
    <StrictMode>
      <MemoryRouter initialEntries={[pathname]}>
        <AppRoutes />
      </MemoryRouter>
    </StrictMode>
  );
}

export interface PageRenderRequest {
  readonly pathname: string;
  /** The day the page shows as today; the app's first render over the markup shows the same (main.tsx). */
  readonly day: CalendarDay;
  /** Where the browser opens the page (e.g. https://memento.example), for the addresses it spells out. */
  readonly origin: string;
  /** The records the page shows (an expert's page: the expert), which the HTML carries for the app too. */
  readonly data?: WrittenPageData;
}

/**
 * The markup of a signed-out visitor's first render of `pathname` on `day`, written by React's
 * server renderer (which the app's hydration expects), without a DOM.
 */
export async function renderPage({ pathname, day, origin, data = {} }: PageRenderRequest): Promise<string> {
  await preloadPage(pathname);
  setWrittenDay(day);
  setWrittenOrigin(origin);
  setWrittenData(data);
  try {
    return renderToString(pageAt(pathname));
  } finally {
    setWrittenDay(undefined);
    setWrittenOrigin(undefined);
    setWrittenData(undefined);
  }
}
