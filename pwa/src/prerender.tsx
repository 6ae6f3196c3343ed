import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { CalendarDay } from '#core/dates/calendar-day';
import { preloadPage } from './app/router';
import { setWrittenDay, todayInBrowserZone } from './lib/clock';
import { pageAt } from './page-render';

/** A page's first render and the title and description it sets (the title whole, as the tab shows it). */
export interface PrerenderedPage {
  readonly html: string;
  readonly title: string;
  readonly description: string;
  /** The day the page shows as today: the app's first render over it (main.tsx) shows the same. */
  readonly day: CalendarDay;
}

/**
 * The markup of a signed-out visitor's first render of `pathname`, for the build to write into
 * that page's HTML (tooling/prerender): the page shows whole before any script has run, and the
 * app then hydrates it (main.tsx), attaching itself to the same elements instead of drawing them
 * again. Written by React's server renderer, whose markup hydration expects; the title and
 * description, which the page sets from its effects, come from a render by the app's own renderer
 * into a detached element of the DOM the build provides.
 */
export async function prerender(pathname: string): Promise<PrerenderedPage> {
  await preloadPage(pathname);
  const day = todayInBrowserZone();
  setWrittenDay(day);
  const html = renderToString(pageAt(pathname));
  document.title = '';
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() => {
    root.render(pageAt(pathname));
  });
  // The page's title and description are set by its effects, which have run by the next task.
  await new Promise((resolve) => setTimeout(resolve));
  const title = document.title;
  const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '';
  root.unmount();
  setWrittenDay(undefined);
  return { html, title, description, day };
}
