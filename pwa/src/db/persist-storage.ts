/**
 * Asks the browser once per page load to keep this origin's storage under pressure. Without it
 * a browser may evict IndexedDB when the disk fills, taking writes that have not synced yet.
 * Asked after the first saved record, when the request is plainly about the person's own data
 * (Chrome grants it silently to engaged sites; Firefox may show a prompt).
 */

let requested: Promise<boolean> | null = null;

export function requestPersistentStorageOnce(): Promise<boolean> {
  if (requested !== null) return requested;
  // Older Safari and some embedded browsers have no StorageManager or no persist().
  const storage = typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManager | undefined);
  if (typeof storage?.persist !== 'function') {
    requested = Promise.resolve(false);
    return requested;
  }
  const already = typeof storage.persisted === 'function' ? storage.persisted() : Promise.resolve(false);
  requested = already
    .then((persisted) => persisted || storage.persist())
    // A refusal or a failure changes nothing for the app: data stays "best effort".
    .catch(() => false);
  return requested;
}

