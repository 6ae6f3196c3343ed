import { getSyncSession } from '../db/session-db';

/**
 * The stored token, read for every request (so a refreshed token is used at once), but only
 * while it still belongs to `userId`: if someone else signed in meanwhile in another tab, this
 * person's database must not be pushed with their token.
 */
export async function tokenFor(userId: string): Promise<string | null> {
  const session = await getSyncSession();
  return session?.userId === userId ? session.token : null;
}
