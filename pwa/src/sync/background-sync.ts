import { getSyncSession } from '../db/session-db';
import { openUserDb } from '../db/user-db';
import { openSyncChannel, relayEngineEvents } from './channel';
import { createSyncEngine } from './engine';
import { toSyncError } from './errors';
import { createHttpTransport } from './http-transport';
import { tokenFor } from './session-token';

export { SYNC_TAG } from './sync-tag';

/**
 * One sync from the service worker's 'sync' event, with no page open. Uses only what a worker
 * has: IndexedDB, fetch, Web Locks and BroadcastChannel. Call it as
 * `if (event.tag === SYNC_TAG) event.waitUntil(runBackgroundSync())`.
 *
 * Resolves when there is nothing (more) to do: synced, nobody signed in, or a failure that a
 * retry cannot fix (signed out, refused). Rejects on a retryable failure, which tells the
 * browser to fire the event again later with its own backoff.
 */
export async function runBackgroundSync(options: { readonly fetch?: typeof fetch; readonly baseUrl?: string } = {}) {
  const session = await getSyncSession();
  if (session === null) return;
  const db = await openUserDb(session.userId);
  const channel = openSyncChannel();
  try {
    const engine = createSyncEngine({
      db,
      transport: createHttpTransport({
        getToken: async () => tokenFor(session.userId),
        fetch: options.fetch,
        baseUrl: options.baseUrl,
      }),
      // A worker has no UI clock to share; the offset to server time corrects this one anyway.
      now: () => Date.now(),
    });
    if (channel !== null) relayEngineEvents(engine, channel, db.name);
    await engine.syncNow();
  } catch (error) {
    if (toSyncError(error).kind === 'retryable') throw error;
  } finally {
    channel?.close();
    db.close();
  }
}

