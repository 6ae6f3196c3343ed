import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { AppRoutes, preloadPage } from './app/router';

/** A page's first render and the title and description it sets (the title whole, as the tab shows it). */
export interface PrerenderedPage {
  readonly html: string;
  readonly title: string;
  readonly description: string;
}

/**
 * The markup of a signed-out visitor's first render of `pathname`, for the build to write into
 * that page's HTML (tooling/prerender): the page shows whole before any script has run, and the
 * app's own first render then puts the same page in its place. Rendered by the app's own
 * renderer into a detached element of the DOM the build provides, exactly as the browser's first
 * commit makes it (before any effect has changed it).
 */

export async function prerender(pathname: string): Promise<PrerenderedPage> {
  await preloadPage(pathname);
  document.title = '';
  const container = document.createElement('div');
  const root = createRoot(container);
  let html = '';
  flushSync(() => {
    root.render(
      <StrictMode>
        <MemoryRouter initialEntries={[pathname]}>
          <AppRoutes />
        </MemoryRouter>
      </StrictMode>,
    );
  });
  html = container.innerHTML;
  // The page's title and description are set by its effects, which have run by the next task.
  await new Promise((resolve) => setTimeout(resolve));
  const title = document.title;
  const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '';
  root.unmount();
  return { html, title, description };
}
