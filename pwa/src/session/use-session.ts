import { useMemo, useSyncExternalStore } from 'react';
import { isPaid } from '#core/plans/account-type';
import { isSignedInUser, type ClientState, type UserSlice } from '#core/schemas/client-state';
import type { SessionStore } from './session-store';
import { storedUserId } from './stored-user-id';
import { useSessionStore } from './use-session-store';

export interface Session {
  readonly user: UserSlice;
  readonly isSignedIn: boolean;
  /** The account id of the signed-in person (names their database on this device); null when signed out. */
  readonly userId: string | null;
  readonly isPaid: boolean;
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

/**
 * One part of the client state: the component renders again only when that part changes (a toast
 * shown does not redraw what reads whether someone is signed in). `select` must return a value
 * the state already holds, or a primitive, so that an unchanged part compares equal.
 */
export function useSessionPart<T>(select: (state: ClientState) => T): T {
  const store = useSessionStore();
  const snapshot = () => select(store.getSnapshot());
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}

/** The session's actions alone: their identity never changes, and reading them redraws nothing. */
export function useSessionActions(): Pick<Session, 'setUser' | 'signOut' | 'showToast' | 'hideToast'> {
  const store = useSessionStore();
  return useMemo(() => sessionActions(store), [store]);
}

/**
 * The signed-in person and the actions on the session. It follows the user and expert parts of
 * the client state only: a toast coming and going redraws the toast, not every page that asks who
 * is signed in. Actions keep their identity.
 */
export function useSession(): Session {
  // A written page is taken over only where nobody is signed in (main.tsx): it read the same state.
  const user = useSessionPart((state) => state.user);
  const expert = useSessionPart((state) => state.expert);
  const actions = useSessionActions();

  return useMemo(() => {
    const signedIn = isSignedInUser(user);
    return {
      user,
      isSignedIn: signedIn,
      userId: signedIn ? storedUserId(user) : null,
      isPaid: isPaid(user.accountType),
      expert,
      ...actions,
    };
  }, [user, expert, actions]);
}
