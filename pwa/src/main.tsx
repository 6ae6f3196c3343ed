import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { parseCalendarDay, type CalendarDay } from '#core/dates/calendar-day';
import { isSignedIn } from '#core/schemas/client-state';
import { AppRouter, preloadPage, writtenPageFits } from './app/router';
import { setWrittenDay } from './lib/current-instant';
import { captureInstallPrompt } from './lib/install-prompt';
import { readPersistedState } from './session/data/persisted-state';
import './styles/global.css';

// Before anything renders: the browser may offer installation right after load.
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * A page the server sent whole (see tooling/prerender) stays inert until the app has taken it
 * over, so no press lands on a control with nothing behind it. React takes over the frame
 * (header, router) first and the page inside its loading boundary later, so this mark sits in
 * that boundary: the page is live only once the page itself is.
 */
function Started({ root: element }: { readonly root: HTMLElement }) {
  useLayoutEffect(() => {
    element.removeAttribute('inert');
  }, [element]);
  return null;
}

const app = (
  <StrictMode>
    <AppRouter>
      <Started root={container} />
    </AppRouter>
  </StrictMode>
);

/**
 * The day a page written by the build shows, when the app can take that page over as it is: it
 * was written for a first visit with nobody signed in, so anyone signed in on this device, or a
 * device that keeps what the page shows (a saved game), gets a fresh render.
 */
function writtenPageDay(element: HTMLElement): CalendarDay | null {
  const day = parseCalendarDay(element.dataset.writtenDay ?? '');
  if (day === null || isSignedIn(readPersistedState(window.localStorage))) return null;
  return writtenPageFits(window.location.pathname) ? day : null;
}

/** Resolves in a task of its own: what follows does not lengthen the task that ran before it. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

// The first page's code is fetched before React renders anything, so the page appears whole
// instead of after a loading frame; the HTML's own page or placeholder shows meanwhile. React's
// renderer comes as a chunk of its own, fetched beside this one (the HTML announces both), and
// runs in a task of its own: evaluated with the rest of the entry, it made one long task of the
// app's start. The render is a transition: it yields to the browser every few milliseconds
// instead of holding the page in one long task.
void Promise.all([import('react-dom/client'), preloadPage(window.location.pathname)])
  .then(async ([renderer]) => {
    await nextTask();
    return renderer;
  })
  .then(({ createRoot, hydrateRoot }) => {
    const day = writtenPageDay(container);
    startTransition(() => {
      if (day === null) {
        createRoot(container).render(app);
        return;
      }
      // Hydrated: the written elements stay, and the app attaches itself to them. Its first render
      // shows the written day; where the device's day differs, it re-renders at once.
      setWrittenDay(day);
      hydrateRoot(container, app, {
        // React draws the page afresh and goes on; said as an error, so it is seen (the e2e tests fail on it).
        onRecoverableError: (error) => {
          console.error('The page the server sent did not match the app’s first render, so it was drawn again:', error);
        },
      });
    });
  })
  .catch((error: unknown) => {
    // The renderer could not be fetched (the connection dropped on a first visit): the written
    // page stays as a plain page whose links work, rather than one that cannot be pressed at all.
    container.removeAttribute('inert');
    console.error('The app could not start; the page works as a plain page until it is opened again:', error);
  });
