// The package's ES2015+ module, which workbox-window documents for bundlers that need no ES5
// (its main entry is transpiled to ES5: about 0.9 KB gzip more of every first visit).
import { Workbox } from 'workbox-window/Workbox.mjs';

/**
 * The service worker as the build writes it: vite.config.ts builds `src/sw/sw.ts` (injectManifest)
 * to `/sw.js`, whose scope is the whole site.
 */
const SERVICE_WORKER_URL = '/sw.js';

/** Ask the server for a new version at most this often while the app is open. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface UpdateEvents {
  /** A new version is installed and waits; it runs only after `activateUpdate`. */
  readonly onUpdateReady: () => void;
  /** The first version finished installing: the app now opens without a network. */
  readonly onOfflineReady: () => void;
}

export interface ServiceWorkerControl {
  /** Resolves once the browser accepted the registration; rejects when it refused it. */
  readonly registered: Promise<unknown>;
  /**
   * Switches the waiting version on and reloads the page once it controls it. With nothing
   * waiting (another tab switched it on already, or the registration is not done) it reloads now.
   */
  readonly activateUpdate: () => void;
}

function checkForUpdatesWhenVisible(workbox: Workbox, now: () => number): void {
  let lastCheck = now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    if (now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = now();
    // Offline or a server hiccup: try again on the next visit.
    workbox.update().catch(() => undefined);
  });
}

/**
 * Registers the service worker through workbox-window and reports what the person needs to
 * know. Nothing reloads on its own: the page reloads only after `activateUpdate` (the Reload
 * button). If another tab switches the new version on first, this page keeps what is on screen
 * (a half-typed entry stays).
 */
export function registerServiceWorker(
  events: UpdateEvents,
  reloadPage: () => void,
  now: () => number = Date.now,
): ServiceWorkerControl {
  const workbox = new Workbox(SERVICE_WORKER_URL);
  let reloadRequested = false;
  let registration: ServiceWorkerRegistration | undefined;

  // The first version (no version ran before this one, in this tab or any other) has stored the
  // app. An update or another tab's new version is reported as waiting instead.
  workbox.addEventListener('installed', (event) => {
    if (event.isUpdate || event.isExternal || registration?.active) return;
    events.onOfflineReady();
  });
  // A new version installed while another runs (found by this tab or another, or already waiting
  // when the page opened): it waits for the person.
  workbox.addEventListener('waiting', () => events.onUpdateReady());
  // A new version took over this page: reload only if this tab's person asked for it.
  workbox.addEventListener('controlling', () => {
    if (!reloadRequested) return;
    reloadRequested = false;
    reloadPage();
  });

  const registered = workbox.register().then((reg) => {
    registration = reg;
    checkForUpdatesWhenVisible(workbox, now);
    return reg;
  });

  return {
    registered,
    activateUpdate() {
      const waiting = registration?.waiting;
      if (!waiting) {
        reloadPage();
        return;
      }
      reloadRequested = true;
      if (!navigator.serviceWorker.controller) {
        // A page opened before any worker was active stays uncontrolled (sw.ts does not claim
        // clients), so no `controlling` will come: reload once the new version is active and
        // answers the next load.
        waiting.addEventListener('statechange', () => {
          if (waiting.state === 'activated' && reloadRequested) {
            reloadRequested = false;
            reloadPage();
          }
        });
      }
      // sw.ts answers { type: 'SKIP_WAITING' } with skipWaiting(); the new worker then takes over.
      workbox.messageSkipWaiting();
    },
  };
}
