import { useEffect, useSyncExternalStore } from 'react';
import type { ServiceWorkerControl } from './service-worker';
import { whenIdle } from './when-idle';

export interface AppUpdate {
  /** A new version is installed and waits for the person to reload. */
  readonly updateReady: boolean;
  /** The app has been stored on the device and now opens without a network. */
  readonly offlineReady: boolean;
  /** Activates the waiting version and reloads this tab. Only ever called from a button. */
  readonly reload: () => void;
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
let control: ServiceWorkerControl | undefined;

function setState(patch: Partial<UpdateState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

// A page written by the build, and the app's first render over it, know of no service worker yet.
const NOTHING_YET: UpdateState = { updateReady: false, offlineReady: false };
const getServerSnapshot = () => NOTHING_YET;

const reloadPage = () => window.location.reload();

/**
 * Registers the service worker once the page has loaded and the browser has a moment to spare, so
 * neither the registration nor its code (workbox-window, fetched then) competes with the first
 * page's own downloads, or with the app's start for the processor. The dev server
 * builds no service worker (vite.config.ts: devOptions), so `npm run dev` registers none.
 */
function registerAfterLoad(): void {
  if (started || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  started = true;
  const register = async () => {
    const { registerServiceWorker } = await import('./service-worker');
    control = registerServiceWorker(
      { onUpdateReady: () => setState({ updateReady: true }), onOfflineReady: () => setState({ offlineReady: true }) },
      reloadPage,
    );
    await control.registered;
  };
  const registerNow = () => {
    register().catch((error: unknown) => {
      // Offline before the worker was stored, or storage refused: the next visit registers.
      console.warn('The service worker could not be registered', error);
    });
  };
  if (document.readyState === 'complete') whenIdle(registerNow);
  else window.addEventListener('load', () => whenIdle(registerNow), { once: true });
}

function reload(): void {
  if (control) control.activateUpdate();
  else reloadPage();
}

const dismiss = () => setState({ updateReady: false });

/**
 * Registers the service worker (after load) and reports a waiting update. Nothing reloads on its
 * own: a new version is switched on only when this tab's person presses Reload. If another tab
 * switches it on first, this tab keeps what is on screen (a half-typed entry stays) and offers
 * the reload.
 */
export function useAppUpdate(): AppUpdate {
  const { updateReady, offlineReady } = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  useEffect(registerAfterLoad, []);
  return { updateReady, offlineReady, reload, dismiss };
}
