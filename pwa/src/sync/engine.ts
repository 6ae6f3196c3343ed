import { cryptoRandom, ensureClientId } from '../db/meta';
import type { UserDb } from '../db/user-db';
import { SyncError, toSyncError } from './errors';
import { webSyncLock, type SyncLock } from './lock';
import { pullChanges } from './pull-changes';
import { pushOutbox } from './push-outbox';
import type { SyncTransport } from './transport';

export interface SyncEngineOptions {
  readonly db: UserDb;
  readonly transport: SyncTransport;
  /** The device clock (ms); injected so tests and skewed devices can be simulated. */
  readonly now: () => number;
  /** [0, 1); used for client ids. */
  readonly random?: () => number;
  readonly lock?: SyncLock;
  readonly pushBatchMax?: number;
  readonly pushBatchBytes?: number;
  readonly pullPageSize?: number;
}

export interface SyncResult {
  /** Local writes the server applied or refused. */
  readonly pushed: number;
  /** Changes pulled and merged. */
  readonly pulled: number;
}

export type SyncEvent =
  | { readonly type: 'start' }
  | { readonly type: 'success'; readonly result: SyncResult; readonly at: number }
  | { readonly type: 'failure'; readonly error: SyncError; readonly at: number };

export interface SyncEngine {
  /**
   * Pushes the outbox, then pulls everything new. Called while a sync runs, it returns a second
   * run that starts when the first ends, so a write made during a sync is never left behind.
   * Rejects with a SyncError.
   */
  syncNow(): Promise<SyncResult>;
  subscribe(listener: (event: SyncEvent) => void): () => void;
}

/** The sync engine of one database: no React, no DOM, so the service worker runs it too. */
export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, transport, now } = options;
  const random = options.random ?? cryptoRandom;
  const lock = options.lock ?? webSyncLock;
  const listeners = new Set<(event: SyncEvent) => void>();
  let running: Promise<SyncResult> | null = null;
  let queued: Promise<SyncResult> | null = null;

  const emit = (event: SyncEvent) => {
    for (const listener of listeners) listener(event);
  };

  async function runOnce(): Promise<SyncResult> {
    return lock(async () => {
      emit({ type: 'start' });
      try {
        await ensureClientId(db, random);
        // Push first: the pull that follows then already reflects our own writes.
        const pushed = await pushOutbox({
          db,
          transport,
          now,
          random,
          batchMax: options.pushBatchMax,
          batchBytes: options.pushBatchBytes,
        });
        const pulled = await pullChanges({ db, transport, now, pageSize: options.pullPageSize });
        const result = { pushed, pulled };
        emit({ type: 'success', result, at: now() });
        return result;
      } catch (error) {
        const failure = toSyncError(error);
        emit({ type: 'failure', error: failure, at: now() });
        throw failure;
      }
    });
  }

  function syncNow(): Promise<SyncResult> {
    if (running === null) {
      running = runOnce().finally(() => {
        running = null;
      });
      return running;
    }
    // One follow-up run is enough for any number of requests made during the current one.
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return syncNow();
      });
    return queued;
  }

  return {
    syncNow,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
