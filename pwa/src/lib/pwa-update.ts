/// <reference types="vite-plugin-pwa/vanillajs" />
import { useEffect, useSyncExternalStore } from 'react';

/** Ask the server for a new version at most this often while the app is open. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

function checkForUpdatesWhenVisible(registration: ServiceWorkerRegistration): void {
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    if (Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    // Offline or a server hiccup: try again on the next visit.
    registration.update().catch(() => undefined);
  });
}

export interface AppUpdate {
  /** A new version is installed and waits for the person to reload. */
  readonly updateReady: boolean;
  /** The app has been stored on the device and now opens without a network. */
  readonly offlineReady: boolean;
  /** Activates the waiting version and reloads this tab. Only ever called from a button. */
  readonly reload: () => Promise<void>;
  readonly dismiss: () => void;
}

interface UpdateState {
  readonly updateReady: boolean;
  readonly offlineReady: boolean;
}

// One service worker registration per page, whatever mounts the hook (StrictMode mounts twice).
let state: UpdateState = { updateReady: false, offlineReady: false };
const listeners = new Set<() => void>();
let started = false;
let reloadRequested = false;
let registration: ServiceWorkerRegistration | undefined;
let activateWaiting: (() => Promise<void>) | undefined;

function setState(patch: Partial<UpdateState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

/**
 * Registers the service worker once the page has loaded: the registration code (and the
 * workbox-window library it brings) is fetched only then, so it never competes with the first
 * page's own code.
 */
function registerAfterLoad(): void {
  if (started) return;
  started = true;
  const register = () => {
    import('virtual:pwa-register')
      .then(({ registerSW }) => {
        activateWaiting = registerSW({
          immediate: true,
          onNeedRefresh: () => setState({ updateReady: true }),
          onOfflineReady: () => setState({ offlineReady: true }),
          onNeedReload() {
            if (reloadRequested) window.location.reload();
          },
          onRegisteredSW(_url, reg) {
            registration = reg;
            if (reg) checkForUpdatesWhenVisible(reg);
          },
        });
      })
      .catch((error: unknown) => {
        // Offline before the code was stored: the next visit registers.
        console.warn('The service worker could not be registered', error);
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

async function reload(): Promise<void> {
  reloadRequested = true;
  // Another tab may have switched the new version on already: nothing waits, just reload.
  if (!registration?.waiting || !activateWaiting) {
    window.location.reload();
    return;
  }
  await activateWaiting();
}

const dismiss = () => setState({ updateReady: false });

/**
 * Registers the service worker (after load) and reports a waiting update. Nothing reloads on its
 * own: a new version is switched on only when this tab's person presses Reload. If another tab
 * switches it on first, this tab keeps what is on screen (a half-typed entry stays) and offers
 * the reload.
 */
export function useAppUpdate(): AppUpdate {
  const { updateReady, offlineReady } = useSyncExternalStore(subscribe, getSnapshot);
  useEffect(registerAfterLoad, []);
  return { updateReady, offlineReady, reload, dismiss };
}
