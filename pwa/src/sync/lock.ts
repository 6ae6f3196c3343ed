/**
 * One sync at a time across every tab and the service worker of this origin. Two tabs pushing
 * the same outbox at once would not corrupt anything (the server skips seqs it has applied),
 * but they would send everything twice and race on the cursor; a Web Lock queues them instead.
 */

export const SYNC_LOCK_NAME = 'memento-sync';

/** Runs `task` while holding the sync lock. */
export type SyncLock = <T>(task: () => Promise<T>) => Promise<T>;

export const webSyncLock: SyncLock = async (task) => {
  // LockManager is missing in older Safari and in some embedded browsers: run unlocked there.
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
  if (locks === undefined) return task();
  return locks.request(SYNC_LOCK_NAME, () => task());
};
