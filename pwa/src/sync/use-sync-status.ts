import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { deleteMeta, readMeta } from '../db/meta';
import { readWhileOpen } from '../db/read-while-open';
import { IDLE, type SyncActivity } from './activity';
import { deriveSyncStatus, describeSyncStatus, type SyncStatus, type SyncStatusText } from './status';
import { useUserSync } from './user-sync-context';

export interface SyncStatusView extends SyncStatusText {
  readonly status: SyncStatus;
  /** Hides the shown refusal; present only when there is one to hide. */
  readonly dismiss: (() => void) | null;
}

// Global addEventListener rather than window's: the same in a page, and this module also
// compiles for the service worker (see scheduler.ts).
function subscribeOnline(onChange: () => void): () => void {
  addEventListener('online', onChange);
  addEventListener('offline', onChange);
  return () => {
    removeEventListener('online', onChange);
    removeEventListener('offline', onChange);
  };
}

const noSubscription = () => () => undefined;
const idle = (): SyncActivity => IDLE;

const noClock = () => 0;

/** `clock()` now, and a re-render every `intervalMs` so "Synced 2 min ago" stays true. */
function useNow(clock: () => number, intervalMs: number): number {
  const [, setTicks] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      setTicks((ticks) => ticks + 1);
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [intervalMs]);
  return clock();
}

/**
 * The sync status of the signed-in person for the status line: live from the outbox and the
 * sync bookkeeping (which other tabs' commits update too), the engines' activity and the
 * browser's online state.
 */
export function useSyncStatus(): SyncStatusView {
  const userSync = useUserSync();
  const db = userSync?.db ?? null;
  const activity = useSyncExternalStore(
    userSync?.activity.subscribe ?? noSubscription,
    userSync?.activity.getSnapshot ?? idle,
  );
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const facts = useLiveQuery(
    () =>
      readWhileOpen(db, async (open) => ({
        pending: await open.outbox.count(),
        lastSyncedAt: await readMeta(open, 'lastSyncedAt'),
        lastRejection: await readMeta(open, 'lastRejection'),
      })),
    [db],
  );
  // The app's clock, handed to startUserSync: the one place the UI reads the time.
  const now = useNow(userSync?.now ?? noClock, 30_000);
  const status = deriveSyncStatus({
    signedIn: db !== null,
    online,
    activity,
    pending: facts?.pending ?? 0,
    lastSyncedAt: facts?.lastSyncedAt,
    lastRejection: facts?.lastRejection,
  });
  const dismiss =
    db !== null && status.kind === 'error' && status.dismissible
      ? () => {
          void deleteMeta(db, 'lastRejection');
        }
      : null;
  return { status, dismiss, ...describeSyncStatus(status, now) };
}
