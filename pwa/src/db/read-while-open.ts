import { Dexie } from 'dexie';
import type { UserDb } from './user-db';

/**
 * The body of a live query, reading a database closed at sign-out as "nothing yet". Screens of
 * the person signing out may render once more before they unmount; without this their live
 * queries would throw DatabaseClosedError into the error boundary.
 */
export async function readWhileOpen<T>(db: UserDb | null, read: (db: UserDb) => Promise<T>): Promise<T | undefined> {
  if (db === null || !db.isOpen()) return undefined;
  try {
    return await read(db);
  } catch (error) {
    if (error instanceof Dexie.DatabaseClosedError) return undefined;
    throw error;
  }
}
