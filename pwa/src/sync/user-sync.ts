import { onLocalWrite } from '../db/local-writes';
import { setSyncSession } from '../db/session-db';
import { openUserDb, type UserDb } from '../db/user-db';
import { createSyncActivity, type SyncActivityStore } from './activity';
import { openSyncChannel, relayEngineEvents } from './channel';
import { createSyncEngine, type SyncEngine } from './engine';
import type { SyncError } from './errors';
import { createHttpTransport } from './http-transport';
import { createSyncScheduler, type SyncScheduler, type SyncSchedulerOptions } from './scheduler';
import { tokenFor } from './session-token';

/** Everything a signed-in tab runs for sync; made at sign-in, stopped at sign-out. */
export interface UserSync {
  readonly userId: string;
  readonly db: UserDb;
  readonly engine: SyncEngine;
  readonly scheduler: SyncScheduler;
  readonly activity: SyncActivityStore;
  /** The app's clock (ms), as given to startUserSync. */
  readonly now: () => number;
  /** Stops syncing in this tab and closes the database; the records stay on the device. */
  stop(): void;
}

export interface StartUserSyncOptions {
  readonly userId: string;
  readonly token: string;
  /** The device clock (ms); pass the app's clock so tests control it. */
  readonly now: () => number;
  /** The server no longer accepts the token: sign the person out (their data stays here). */
  readonly onSignedOut?: (error: SyncError) => void;
  readonly baseUrl?: string;
  readonly fetch?: typeof fetch;
  /** Timing of the triggers; the defaults suit the app. */
  readonly timing?: Pick<SyncSchedulerOptions, 'debounceMs' | 'periodMs' | 'backoff'>;
}

/**
 * After sign-in (and on every app start with a signed-in person): records the session for the
 * service worker, opens the person's database and starts syncing in this tab.
 */
export async function startUserSync(options: StartUserSyncOptions): Promise<UserSync> {
  const { userId } = options;
  await setSyncSession({ userId, token: options.token });
  const db = await openUserDb(userId);
  const engine = createSyncEngine({
    db,
    transport: createHttpTransport({ getToken: () => tokenFor(userId), baseUrl: options.baseUrl, fetch: options.fetch }),
    now: options.now,
  });
  const channel = openSyncChannel();
  const stopRelay = channel === null ? undefined : relayEngineEvents(engine, channel, db.name);
  const activity = createSyncActivity({ engine, channel, dbName: db.name });
  const scheduler = createSyncScheduler({ ...options.timing, engine, onSignedOut: options.onSignedOut });
  const stopWrites = onLocalWrite(db, () => {
    scheduler.notifyWrite();
  });
  scheduler.start();
  return {
    userId,
    db,
    engine,
    scheduler,
    activity,
    now: options.now,
    stop() {
      scheduler.stop();
      stopWrites();
      activity.dispose();
      stopRelay?.();
      channel?.close();
      db.close();
    },
  };
}

/**
 * At sign-out: stops syncing and forgets the session, so the service worker stops too. The
 * person's database itself is left to the sign-out (Log Out removes it once it has synced, see
 * db/device-copy.ts; a session the server ended keeps it, since its writes cannot sync now).
 */
export async function endUserSync(userSync: UserSync | null): Promise<void> {
  userSync?.stop();
  await setSyncSession(null);
}
