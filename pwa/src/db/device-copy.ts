import { Dexie } from 'dexie';
import { countPendingWrites } from './outbox';
import { UserDb, userDbName } from './user-db';

/**
 * The signed-in person's copy of their records on this device, as a whole: how much of it has not
 * reached the server, and removing it at Log Out.
 */

/** At Log Out: keep the copy, remove it only if nothing in it is waiting to sync, or remove it anyway. */
export type DeviceCopyRemoval = 'keep' | 'if-synced' | 'always';

export type RemovalOutcome = 'removed' | 'absent' | 'kept-unsynced';

/** Opens the person's database only if it exists (opening a missing one would create it). */
async function openExisting(userId: string): Promise<UserDb | null> {
  const name = userDbName(userId);
  if (!(await Dexie.exists(name))) return null;
  const db = new UserDb(name);
  await db.open();
  return db;
}

/** Local writes of `userId` not yet on the server; 0 when there is no database on this device. */
export async function pendingWritesOnDevice(userId: string): Promise<number> {
  const db = await openExisting(userId);
  if (db === null) return 0;
  try {
    return await countPendingWrites(db);
  } finally {
    db.close();
  }
}

/**
 * Deletes the person's database. With 'if-synced' it looks once more right before deleting and
 * keeps the database when a write arrived since the person was told everything had synced (from
 * another tab, say): that write then syncs at their next sign-in instead of being lost.
 *
 * Every other open connection (this tab's sync, other tabs, the service worker) closes when the
 * deletion asks it to (see UserDb), so the deletion completes once they have.
 */
export async function removeDeviceCopy(userId: string, mode: Exclude<DeviceCopyRemoval, 'keep'>): Promise<RemovalOutcome> {
  if (mode === 'always') {
    const existed = await Dexie.exists(userDbName(userId));
    await Dexie.delete(userDbName(userId));
    return existed ? 'removed' : 'absent';
  }
  const db = await openExisting(userId);
  if (db === null) return 'absent';
  if ((await countPendingWrites(db)) > 0) {
    db.close();
    return 'kept-unsynced';
  }
  await db.delete();
  return 'removed';
}
