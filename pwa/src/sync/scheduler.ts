import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
import type { SyncEngine } from './engine';
import { toSyncError, type SyncError } from './errors';
import { SYNC_TAG } from './sync-tag';

/**
 * Decides WHEN a tab syncs: soon after local writes, when the network comes back, when the tab
 * becomes visible, at start, every few minutes while all is well, and after failures with
 * growing, jittered delays. The engine decides HOW; the Web Lock inside it keeps tabs apart.
 */

/** What the scheduler listens to: the page's window and document unless a test passes its own. */
export interface EventSourceLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}
export interface DocumentLike extends EventSourceLike {
  readonly visibilityState: string;
}

// Typed structurally, so every module of sync/ also compiles for the service worker (which has
// no window or document and never runs this scheduler).
const page = globalThis as {
  readonly window?: EventSourceLike;
  readonly document?: DocumentLike;
  readonly navigator?: { readonly onLine?: boolean };
};

export interface SyncSchedulerOptions {
  readonly engine: Pick<SyncEngine, 'syncNow'>;
  readonly random?: () => number;
  /** Writes within this window after the first one share one sync. */
  readonly debounceMs?: number;
  /** Between syncs while everything works, to bring in other devices' changes. */
  readonly periodMs?: number;
  readonly backoff?: BackoffPolicy;
  /** The server no longer accepts the token: the app signs the person out. */
  readonly onSignedOut?: (error: SyncError) => void;
  /** Asks the browser to sync from the service worker even if every tab closes first. */
  readonly registerBackgroundSync?: () => Promise<void>;
  readonly win?: EventSourceLike;
  readonly doc?: DocumentLike;
  readonly isOnline?: () => boolean;
}

export interface SyncScheduler {
  start(): void;
  stop(): void;
  /** Call after each local write (useUserSync wires it to writeRecord). */
  notifyWrite(): void;
  /** Sync at once (a "Sync now" button); resolves when that attempt ends, whatever the outcome. */
  syncNow(): Promise<void>;
  /** Consecutive failures so far; 0 after a success. */
  failures(): number;
}

export const DEFAULT_DEBOUNCE_MS = 1_000;
export const DEFAULT_PERIOD_MS = 2 * 60_000;

interface WithBackgroundSync {
  readonly sync: { register(tag: string): Promise<void> };
}

// Typed on `object`: some type packages declare `sync` on every registration, which Safari
// and Firefox do not have.
function hasBackgroundSync(registration: object): registration is WithBackgroundSync {
  const { sync } = registration as Partial<WithBackgroundSync>;
  return typeof sync?.register === 'function';
}

/** Background Sync where the browser has it (Chromium); a no-op elsewhere. */
export async function registerBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // getRegistration, not `ready`: `ready` never settles on a page without a service worker.
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration !== undefined && hasBackgroundSync(registration)) await registration.sync.register(SYNC_TAG);
}

export function createSyncScheduler(options: SyncSchedulerOptions): SyncScheduler {
  const random = options.random ?? Math.random;
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const periodMs = options.periodMs ?? DEFAULT_PERIOD_MS;
  const policy = options.backoff ?? DEFAULT_BACKOFF;
  const maybeWin = options.win ?? page.window;
  const maybeDoc = options.doc ?? page.document;
  if (maybeWin === undefined || maybeDoc === undefined) throw new Error('The sync scheduler runs in a page, not a worker');
  const win: EventSourceLike = maybeWin;
  const doc: DocumentLike = maybeDoc;
  const isOnline = options.isOnline ?? (() => page.navigator?.onLine !== false);
  const register = options.registerBackgroundSync ?? registerBackgroundSync;

  let running = false;
  // Read through a function after awaits: stop() may have run meanwhile.
  const isRunning = () => running;
  let signedOut = false;
  let failures = 0;
  let nextTimer: ReturnType<typeof setTimeout> | undefined;
  let writeTimer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (delayMs: number, task: () => void) => {
    clearTimeout(nextTimer);
    nextTimer = setTimeout(task, delayMs);
  };

  const onFailure = (error: SyncError) => {
    if (error.kind === 'auth') {
      signedOut = true;
      clearTimeout(nextTimer);
      options.onSignedOut?.(error);
      return;
    }
    failures += 1;
    // A refused request would be refused again at once: wait the longest, not the shortest.
    const delay = error.kind === 'fatal' ? policy.capMs : backoffDelay(failures, random, policy);
    schedule(Math.max(delay, error.retryAfterMs ?? 0), () => void attempt());
  };

  async function attempt(): Promise<void> {
    if (!running || signedOut) return;
    clearTimeout(nextTimer);
    // navigator.onLine false is reliable: skip the doomed request and wait for 'online'.
    if (!isOnline()) return;
    try {
      await options.engine.syncNow();
      failures = 0;
      if (isRunning()) schedule(periodMs, periodic);
    } catch (error) {
      if (isRunning()) onFailure(toSyncError(error));
    }
  }

  // A hidden tab has nobody to show news to; it catches up when it becomes visible.
  function periodic() {
    if (doc.visibilityState === 'hidden') schedule(periodMs, periodic);
    else void attempt();
  }

  const onOnline = () => void attempt();
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') void attempt();
  };

  return {
    start() {
      if (running) return;
      running = true;
      signedOut = false;
      win.addEventListener('online', onOnline);
      doc.addEventListener('visibilitychange', onVisibility);
      void attempt();
    },
    stop() {
      running = false;
      clearTimeout(nextTimer);
      clearTimeout(writeTimer);
      writeTimer = undefined;
      win.removeEventListener('online', onOnline);
      doc.removeEventListener('visibilitychange', onVisibility);
    },
    notifyWrite() {
      if (!running || writeTimer !== undefined) return;
      // The first write starts the clock and later ones ride along: typing never syncs per
      // keystroke, and a long burst of typing still syncs once a second rather than never.
      writeTimer = setTimeout(() => {
        writeTimer = undefined;
        void attempt();
      }, debounceMs);
      register().catch(() => undefined);
    },
    syncNow: () => attempt(),
    failures: () => failures,
  };
}
