import type { SyncChannel, SyncFailure, SyncMessage } from './channel';
import type { SyncEngine, SyncEvent } from './engine';

/**
 * What the syncing is doing right now, as this tab knows it: from its own engine's events and
 * from the other tabs' and the service worker's messages. Kept as one immutable snapshot for
 * useSyncExternalStore; the status shown is derived from it (see status.ts).
 */
export interface SyncActivity {
  readonly syncing: boolean;
  /** The last sync's failure, cleared by the next success anywhere. */
  readonly failure: SyncFailure | null;
}

export interface SyncActivityStore {
  readonly getSnapshot: () => SyncActivity;
  readonly subscribe: (listener: () => void) => () => void;
  readonly dispose: () => void;
}

export const IDLE: SyncActivity = { syncing: false, failure: null };

/** A tab that closes mid-sync never says it ended; stop showing "Syncing…" for it after this. */
export const REMOTE_SYNC_TIMEOUT_MS = 60_000;

export function createSyncActivity(options: {
  readonly engine: SyncEngine;
  readonly channel: SyncChannel | null;
  readonly dbName: string;
}): SyncActivityStore {
  let snapshot = IDLE;
  let remoteTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const set = (next: SyncActivity) => {
    if (next.syncing === snapshot.syncing && next.failure === snapshot.failure) return;
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const onEngine = (event: SyncEvent) => {
    clearTimeout(remoteTimer);
    if (event.type === 'start') set({ ...snapshot, syncing: true });
    else if (event.type === 'success') set(IDLE);
    else {
      const { kind, code, message } = event.error;
      set({ syncing: false, failure: { kind, code, message } });
    }
  };

  const onMessage = (message: SyncMessage) => {
    if (message.db !== options.dbName) return; // another person's tab
    clearTimeout(remoteTimer);
    if (message.type === 'sync-start') {
      set({ ...snapshot, syncing: true });
      remoteTimer = setTimeout(() => {
        set({ ...snapshot, syncing: false });
      }, REMOTE_SYNC_TIMEOUT_MS);
    } else {
      set({ syncing: false, failure: message.failure });
    }
  };

  const stopEngine = options.engine.subscribe(onEngine);
  const stopChannel = options.channel?.subscribe(onMessage);

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      clearTimeout(remoteTimer);
      stopEngine();
      stopChannel?.();
      listeners.clear();
    },
  };
}
