import type { UserDb } from './user-db';

/**
 * Tells whoever schedules syncing that this tab just committed a local write. A plain in-memory
 * signal rather than a live query: the scheduler needs "a write happened", not the data, and it
 * must not wake up for the writes a pull makes.
 */

type Listener = () => void;

const listeners = new WeakMap<UserDb, Set<Listener>>();

export function onLocalWrite(db: UserDb, listener: Listener): () => void {
  let set = listeners.get(db);
  if (set === undefined) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

export function notifyLocalWrite(db: UserDb): void {
  for (const listener of listeners.get(db) ?? []) listener();
}
