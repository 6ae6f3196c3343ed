import { useContext, useMemo, useSyncExternalStore } from 'react';
import { isPaid } from '#core/plans/account-type';
import {
  EMPTY_USER,
  isSignedIn,
  type ClientState,
  type ToastSlice,
  type UserSlice,
} from '#core/schemas/client-state';
import { SessionContext } from './session-context';
import { createSessionStore, type SessionStore } from './session-store';

export interface Session {
  readonly user: UserSlice;
  readonly isSignedIn: boolean;
  readonly isPaid: boolean;
  readonly toast: ToastSlice;
  readonly expert: ClientState['expert'];
  readonly setUser: (user: UserSlice) => void;
  readonly signOut: () => void;
  readonly showToast: (message: string) => void;
  readonly hideToast: () => void;
}

// Screens rendered outside the provider (the root error page) still read the stored session.
let fallbackStore: SessionStore | undefined;
function getFallbackStore(): SessionStore {
  fallbackStore ??= createSessionStore({ storage: window.localStorage, events: window });
  return fallbackStore;
}

function sessionActions(store: SessionStore) {
  return {
    setUser: (user: UserSlice) => store.update((s) => ({ ...s, user })),
    signOut: () => store.update((s) => ({ ...s, user: EMPTY_USER, expert: {} })),
    showToast: (message: string) => store.update((s) => ({ ...s, toast: { show: true, message } })),
    hideToast: () =>
      store.update((s) => (s.toast.show ? { ...s, toast: { ...s.toast, show: false } } : s)),
  };
}

/** The signed-in person and the toast, from the persisted client state. Actions keep their identity. */
export function useSession(): Session {
  const store = useContext(SessionContext) ?? getFallbackStore();
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const actions = useMemo(() => sessionActions(store), [store]);

  return useMemo(
    () => ({
      user: state.user,
      isSignedIn: isSignedIn(state),
      isPaid: isPaid(state.user.accountType),
      toast: state.toast,
      expert: state.expert,
      ...actions,
    }),
    [state, actions],
  );
}
