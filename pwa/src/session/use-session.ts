import { useMemo, useSyncExternalStore } from 'react';
import { isPaid } from '#core/plans/account-type';
import {
  isSignedIn,
  type ClientState,
  type ToastSlice,
  type UserSlice,
} from '#core/schemas/client-state';
import type { SessionStore } from './session-store';
import { storedUserId } from './stored-user-id';
import { useSessionStore } from './use-session-store';

export interface Session {
  readonly user: UserSlice;
  readonly isSignedIn: boolean;
  /** The account id of the signed-in person (names their database on this device); null when signed out. */
  readonly userId: string | null;
  readonly isPaid: boolean;
  readonly toast: ToastSlice;
  readonly expert: ClientState['expert'];
  readonly setUser: (user: UserSlice) => void;
  /**
   * Signs out: clears the user and expert slices at once; the session boot then tells the server,
   * stops sync and goes to '/'. Records on this device stay for the next sign-in.
   */
  readonly signOut: () => void;
  readonly showToast: (message: string) => void;
  readonly hideToast: () => void;
}

function sessionActions(store: SessionStore) {
  return {
    setUser: (user: UserSlice) => store.update((s) => ({ ...s, user })),
    signOut: () => store.signOut('user'),
    showToast: (message: string) => store.update((s) => ({ ...s, toast: { show: true, message } })),
    hideToast: () =>
      store.update((s) => (s.toast.show ? { ...s, toast: { ...s.toast, show: false } } : s)),
  };
}

/** The signed-in person and the toast, from the persisted client state. Actions keep their identity. */
export function useSession(): Session {
  const store = useSessionStore();
  // A written page is taken over only where nobody is signed in (main.tsx): it read the same state.
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const actions = useMemo(() => sessionActions(store), [store]);

  return useMemo(
    () => ({
      user: state.user,
      isSignedIn: isSignedIn(state),
      userId: isSignedIn(state) ? storedUserId(state.user) : null,
      isPaid: isPaid(state.user.accountType),
      toast: state.toast,
      expert: state.expert,
      ...actions,
    }),
    [state, actions],
  );
}
