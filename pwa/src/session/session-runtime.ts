import { z } from 'zod';
import { userReplySchema, userSliceWithReply } from '#core/schemas/auth';
import { removeDeviceCopy } from '../db/device-copy';
import { userDbName } from '../db/user-db';
import { forgetUnsavedJournal, keptWordCount, storeKeptWords, unsavedJournalStore } from './data/unsaved-journal-texts';
import { api, isApiError } from '../lib/api-client';
import { checkBeforeLogOut as checkSync, type LogOutCheck } from '../sync/before-log-out';
import { endUserSync, startUserSync, type StartUserSyncOptions, type UserSync } from '../sync/user-sync';
import type { SessionStore, SignOutEvent, SignOutReason } from './session-store';
import { storedUserId } from './stored-user-id';

export { watchPendingWrites } from '../db/outbox';

/**
 * What a signed-in session runs besides the stored state: sync, the refresh from the server and
 * telling the server about a sign-out. Loaded on demand (it brings the schema library, Dexie and
 * the sync engine), so a visitor who never signs in downloads none of it.
 */

// The sync session record is shared by every start and end: run them one after another, so a
// quick sign-out and sign-in can never leave the record cleared under a running sync.
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export function startSync(options: StartUserSyncOptions): Promise<UserSync> {
  return inTurn(() => startUserSync(options));
}

export interface LogOutCounts extends LogOutCheck {
  /** Changes not yet on the server: local writes, and the journal words kept aside. */
  readonly pending: number;
  /**
   * Of the changes counted, journal words the device keeps aside because it could not store them
   * (see unsaved-journal-texts): no connection sends them; they wait for the person.
   */
  readonly keptAside: number;
}

/**
 * Before Log Out: kept journal words that can go in as they are are stored first (then they sync
 * like any other change); what is still kept counts as not synced, so Log Out never deletes it
 * without asking.
 */
export async function checkBeforeLogOut(userSync: UserSync | null, userId: string, online: boolean): Promise<LogOutCounts> {
  const keptAside =
    userSync === null
      ? keptWordCount(unsavedJournalStore(userDbName(userId)).read())
      : await storeKeptWords(userSync.db, null);
  const { pending, problem } = await checkSync(userSync, userId, online);
  return { pending: pending + keptAside, keptAside, problem };
}

/**
 * After a sign-out in this tab: the service worker must stop syncing for the person, the records
 * on this device go when the sign-out asked for it, and, when the person signed out, the server
 * ends the session (best effort: offline, the token simply expires). A token the server refused,
 * or one from a damaged stored session, is not sent.
 */
export async function finishSignOut({ user, reason, deviceCopy }: SignOutEvent): Promise<void> {
  const userId = storedUserId(user);
  // In turn with sync starts: signing in again right away opens the database only after this.
  const local = inTurn(async () => {
    await endUserSync(null);
    if (userId !== null) await loadLastPlan().then((plans) => plans.forgetLastPlan(userId)).catch(() => undefined);
    if (deviceCopy === 'keep' || userId === null) return;
    try {
      const outcome = await removeDeviceCopy(userId, deviceCopy);
      if (outcome === 'kept-unsynced') console.warn('A change arrived during Log Out: the records stay on this device until it syncs');
      // Journal words kept aside go with the records they belong to.
      else forgetUnsavedJournal(userDbName(userId));
    } catch (error) {
      console.error('The records could not be removed from this device', error);
    }
  });
  await Promise.all([local, tellServer(user.token, reason)]);
}

async function tellServer(token: string, reason: SignOutReason): Promise<void> {
  if (reason !== 'user' || token === '') return;
  try {
    await api.send('/auth/logout', { method: 'POST', token });
  } catch {
    // Offline or already ended: nothing more to do.
  }
}

/**
 * The account, and its plan as it came: the plan is kept by the paid plan's code (loaded only
 * here, once there is one to keep, so a session start does not wait for it), which checks it.
 */
const refreshReplySchema = userReplySchema.extend({ plan: z.unknown().optional() });
const loadLastPlan = () => import('./data/keep-plan');

/**
 * Replaces the stored account details with the server's (the same session), and keeps the plan
 * it answers with for the account pages offline. False when the server could not be asked
 * (offline, unreachable), so the caller can try again later; an INVALID_TOKEN answer signs the
 * person out through the API client.
 */
export async function refreshStoredUser(store: SessionStore, token: string): Promise<boolean> {
  try {
    const reply = await api.request('/refreshUser', refreshReplySchema, { token });
    if (store.getSnapshot().user.token !== token) return true;
    if (reply.plan !== undefined) void loadLastPlan().then((plans) => plans.keepPlanFromServer(reply.userDetails.id, reply.plan), () => undefined);
    store.update((state) => (state.user.token === token ? { ...state, user: userSliceWithReply(token, reply) } : state));
    return true;
  } catch (error) {
    // No answer (offline, unreachable): worth asking again once the connection is back.
    return !(isApiError(error) && (error.kind === 'offline' || error.kind === 'network'));
  }
}
