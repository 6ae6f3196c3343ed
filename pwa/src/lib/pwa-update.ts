import { useEffect, useSyncExternalStore } from 'react';

/**
 * The service worker as the build writes it: vite.config.ts builds `src/sw/sw.ts` (injectManifest)
 * to `/sw.js`, whose scope is the whole site.
 */
const SERVICE_WORKER_URL = '/sw.js';

/** Ask the server for a new version at most this often while the app is open. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The parts of the browser's service worker API used here (the real ones fit, and so do test doubles). */
export interface WorkerLike extends EventTarget {
  readonly state: ServiceWorkerState;
  postMessage(message: unknown): void;
}

export interface RegistrationLike extends EventTarget {
  readonly installing: WorkerLike | null;
  readonly waiting: WorkerLike | null;
  readonly active: WorkerLike | null;
  update(): Promise<unknown>;
}

export interface ContainerLike extends EventTarget {
  /** The worker that answers this page's requests; none on a page opened before any was active. */
  readonly controller: WorkerLike | null;
  register(scriptUrl: string): Promise<RegistrationLike>;
}

export interface UpdateEvents {
  /** A new version is installed and waits; it runs only after `activateUpdate`. */
  readonly onUpdateReady: () => void;
  /** The first version finished installing: the app now opens without a network. */
  readonly onOfflineReady: () => void;
}

export interface ServiceWorkerControl {
  /** Resolves once the browser accepted the registration; rejects when it refused it. */
  readonly registered: Promise<RegistrationLike>;
  /**
   * Switches the waiting version on and reloads the page once it controls it. With nothing
   * waiting (another tab switched it on already, or the registration is not done) it reloads now.
   */
  readonly activateUpdate: () => void;
}

function checkForUpdatesWhenVisible(registration: RegistrationLike, now: () => number): void {
  let lastCheck = now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    if (now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = now();
    // Offline or a server hiccup: try again on the next visit.
    registration.update().catch(() => undefined);
  });
}

/** Reports each worker of the registration that finishes installing, once. */
function watchInstalls(registration: RegistrationLike, events: UpdateEvents): void {
  const watched = new WeakSet<WorkerLike>();
  const watch = (worker: WorkerLike | null) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    // With a version already running, the new one will wait for the person; without one, it is
    // the first version, which activates by itself once it has stored the app.
    const isUpdate = registration.active !== null;
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installed') return;
      if (isUpdate) events.onUpdateReady();
      else events.onOfflineReady();
    });
  };
  if (registration.waiting && registration.active) events.onUpdateReady();
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
}

/**
 * Registers the service worker and reports what the person needs to know. Nothing reloads on its
 * own: the page reloads only after `activateUpdate` (the Reload button). If another tab switches
 * the new version on first, this page keeps what is on screen (a half-typed entry stays).
 */
export function registerServiceWorker(
  container: ContainerLike,
  events: UpdateEvents,
  reloadPage: () => void,
  now: () => number = Date.now,
): ServiceWorkerControl {
  let reloadRequested = false;
  let registration: RegistrationLike | undefined;

  container.addEventListener('controllerchange', () => {
    if (!reloadRequested) return;
    reloadRequested = false;
    reloadPage();
  });

  const registered = container.register(SERVICE_WORKER_URL).then((reg) => {
    registration = reg;
    watchInstalls(reg, events);
    checkForUpdatesWhenVisible(reg, now);
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
      if (!container.controller) {
        // A page opened before any worker was active stays uncontrolled, so no controllerchange
        // will come: reload once the new version is active and answers the next load.
        waiting.addEventListener('statechange', () => {
          if (waiting.state === 'activated' && reloadRequested) {
            reloadRequested = false;
            reloadPage();
          }
        });
      }
      // sw.ts answers this message with skipWaiting(); the new worker then takes control.
      waiting.postMessage({ type: 'SKIP_WAITING' });
    },
  };
}

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

const reloadPage = () => window.location.reload();

/**
 * Registers the service worker once the page has loaded, so it never competes with the first
 * page's own downloads. The dev server builds no service worker (vite.config.ts: devOptions), so
 * `npm run dev` registers none.
 */
function registerAfterLoad(): void {
  if (started || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  started = true;
  const register = () => {
    control = registerServiceWorker(navigator.serviceWorker, {
      onUpdateReady: () => setState({ updateReady: true }),
      onOfflineReady: () => setState({ offlineReady: true }),
    }, reloadPage);
    control.registered.catch((error: unknown) => {
      // Offline before the worker was stored, or storage refused: the next visit registers.
      console.warn('The service worker could not be registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
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
  const { updateReady, offlineReady } = useSyncExternalStore(subscribe, getSnapshot);
  useEffect(registerAfterLoad, []);
  return { updateReady, offlineReady, reload, dismiss };
}
