import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { isSignedIn } from '#core/schemas/client-state';
import { startSendingEvents } from '../lib/analytics';
import { UserSyncProvider } from './user-sync-provider';
import { storedUserId } from './stored-user-id';
import { useApiSessionBinding } from './use-api-session-binding';
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
  // A written page is taken over only where nobody is signed in (main.tsx): it read the same state.
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const signedIn = isSignedIn(state);
  const userId = signedIn ? storedUserId(state.user) : null;
  const token = signedIn ? state.user.token : '';
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
