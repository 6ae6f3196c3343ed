import { UserDb } from '../../db/user-db';
import { ensureClientId } from '../../db/meta';
import { seededRandom } from './prng';

/**
 * Fresh databases for tests. fake-indexeddb keeps every database for the life of the test file,
 * so each test gets a name of its own instead of sharing state with the previous one.
 */

let counter = 0;

export async function freshDb(label = 'test', seed = 1): Promise<UserDb> {
  counter += 1;
  const db = new UserDb(`memento-user-${label}-${counter}`);
  await db.open();
  await ensureClientId(db, seededRandom(seed + counter));
  return db;
}

/** A second connection to the same database, as another tab of the same person would open. */
export async function secondTab(db: UserDb): Promise<UserDb> {
  const other = new UserDb(db.name);
  await other.open();
  return other;
}
