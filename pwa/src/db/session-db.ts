import { Dexie, type EntityTable } from 'dexie';
import { z } from 'zod';

/**
 * Who is signed in, where the service worker can read it. A service worker has no
 * localStorage, so the session the sync needs (which database, which bearer token) lives in a
 * tiny IndexedDB database of its own, apart from any person's records.
 */

const syncSessionSchema = z.object({
  userId: z.string().min(1),
  token: z.string().min(1),
});
export type SyncSession = z.infer<typeof syncSessionSchema>;

interface SessionRow {
  readonly key: string;
  readonly value: unknown;
}

class SessionDb extends Dexie {
  declare session: EntityTable<SessionRow, 'key'>;

  constructor() {
    super('memento-session');
    this.version(1).stores({ session: 'key' });
  }
}

const CURRENT = 'current';

let opened: SessionDb | null = null;

function sessionDb(): SessionDb {
  opened ??= new SessionDb();
  return opened;
}

/** Records the signed-in person (or, with null, that nobody is). */
export async function setSyncSession(session: SyncSession | null): Promise<void> {
  if (session === null) {
    await sessionDb().session.delete(CURRENT);
    return;
  }
  await sessionDb().session.put({ key: CURRENT, value: syncSessionSchema.parse(session) });
}

/** The signed-in person, or null when nobody is or the stored row is damaged. */
export async function getSyncSession(): Promise<SyncSession | null> {
  const row = await sessionDb().session.get(CURRENT);
  const parsed = syncSessionSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}
