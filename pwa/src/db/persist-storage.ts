/**
 * Asks the browser once per page load to keep this origin's storage under pressure. Without it
 * a browser may evict IndexedDB when the disk fills, taking writes that have not synced yet.
 * Asked after the first saved record, when the request is plainly about the person's own data
 * (Chrome grants it silently to engaged sites; Firefox may show a prompt).
 */

let requested: Promise<boolean> | null = null;

interface PersistableStorage {
  readonly persist?: () => Promise<boolean>;
  readonly persisted?: () => Promise<boolean>;
}

export function requestPersistentStorageOnce(): Promise<boolean> {
  if (requested !== null) return requested;
  // Older Safari and some embedded browsers have no StorageManager or no persist(). Typed
  // structurally: this module also compiles for the service worker, whose StorageManager has no
  // persist().
  const storage = (globalThis as { navigator?: { storage?: PersistableStorage } }).navigator?.storage;
  if (typeof storage?.persist !== 'function') {
    requested = Promise.resolve(false);
    return requested;
  }
  const already = typeof storage.persisted === 'function' ? storage.persisted() : Promise.resolve(false);
  requested = already
    .then((persisted) => persisted || (storage.persist?.() ?? false))
    // A refusal or a failure changes nothing for the app: data stays "best effort".
    .catch(() => false);
  return requested;
}

