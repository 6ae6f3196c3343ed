import { useEffect, type ReactNode } from 'react';
import { isSignedInUser } from '#core/schemas/client-state';
import { startSendingEvents } from '../lib/analytics';
import { UserSyncProvider } from './user-sync-provider';
import { storedUserId } from './stored-user-id';
import { useApiSessionBinding } from './use-api-session-binding';
import { useSessionPart } from './use-session';
import { useSessionStore } from './use-session-store';
import { useSignOutEffects } from './use-sign-out-effects';
import { useUserRefresh } from './use-user-refresh';
import { useUserSyncLifecycle } from './use-user-sync-lifecycle';

/**
 * Everything a stored session sets going, once per app start: the API client's token, a check
 * that the stored session is usable, the account refresh, sync (made available to the pages
 * below), the effects of signing out, and sending queued analytics events.
 */
export function SessionBoot({ children }: { readonly children: ReactNode }) {
  const store = useSessionStore();
  // The user slice alone: a toast coming and going does not run these hooks again.
  const user = useSessionPart((state) => state.user);
  const signedIn = isSignedInUser(user);
  const userId = signedIn ? storedUserId(user) : null;
  const token = signedIn ? user.token : '';
  // Signed in without a token: written by something else, never by us, and of no use. (Without
  // an account id, the refresh below fills it in; sync waits for it.)
  const damaged = signedIn && token === '';

  useApiSessionBinding(store);
  useSignOutEffects(store);
  useEffect(() => {
    if (damaged) store.signOut('damaged');
  }, [store, damaged]);
  useUserRefresh(store, token);
  const userSync = useUserSyncLifecycle(store, userId, token);
  useEffect(() => startSendingEvents(), []);

  return <UserSyncProvider value={userSync}>{children}</UserSyncProvider>;
}
