import { pendingWritesOnDevice } from '../db/device-copy';
import { countPendingWrites } from '../db/outbox';
import type { SyncFailure } from './channel';
import type { UserSync } from './user-sync';

/** Where the person's local writes stand when they ask to log out. */
export interface LogOutCheck {
  /** Local writes not yet on the server. */
  readonly pending: number;
  /** Why the last sync did not get them there, in words; null when it did or none ran. */
  readonly problem: string | null;
}

function describeFailure(failure: SyncFailure | null): string | null {
  if (failure === null) return null;
  if (failure.kind === 'fatal') return `The server refused to sync: ${failure.message}.`;
  return "The last try to sync didn't reach the server.";
}

/**
 * Syncs once more if anything is waiting and the device is online (through the tab's scheduler,
 * so a refused session signs out as usual), then counts what is still waiting. Without a running
 * sync (still starting, or no IndexedDB) it only counts.
 */
export async function checkBeforeLogOut(userSync: UserSync | null, userId: string, online: boolean): Promise<LogOutCheck> {
  if (userSync === null) return { pending: await pendingWritesOnDevice(userId), problem: null };
  const before = await countPendingWrites(userSync.db);
  if (before === 0) return { pending: 0, problem: null };
  if (online) await userSync.scheduler.syncNow();
  const pending = await countPendingWrites(userSync.db);
  return { pending, problem: pending === 0 ? null : describeFailure(userSync.activity.getSnapshot().failure) };
}
