import { PERSIST_DEBOUNCE_MS } from '#core/ui-timing';
import type { DeviceCopyRemoval } from '../db/device-copy';
import { EMPTY_USER, isSignedIn, type ClientState, type UserSlice } from '#core/schemas/client-state';
import {
  onOtherTabWrite,
  readPersistedState,
  writePersistedState,
  type StateStorage,
  type StorageEventSource,
} from './data/persisted-state';

/**
 * Why a session ended in this tab:
 * - 'user': the person signed out.
 * - 'invalid-token': the server no longer accepts the token (expired, revoked, signed out elsewhere).
 * - 'damaged': the stored session cannot be used (signed in without a token).
 */
export type SignOutReason = 'user' | 'invalid-token' | 'damaged';

export interface SignOutEvent {
  /** The user as it was stored, token included, so the server can be told afterwards. */
  readonly user: UserSlice;
  readonly reason: SignOutReason;
  /** What happens to the person's records on this device (see Log Out in useLogOut). */
  readonly deviceCopy: DeviceCopyRemoval;
  /** The page to show afterwards, when not the home page (the tracker's Sign Out leads to /hnrd). */
  readonly next?: string;
}

export interface SessionStore {
  getSnapshot: () => ClientState;
  subscribe: (listener: () => void) => () => void;
  update: (recipe: (state: ClientState) => ClientState) => void;
  /**
   * Clears the user and expert slices and writes that at once (other tabs follow right away),
   * then tells the sign-out listeners. Does nothing when nobody is signed in. The records on
   * this device stay unless `deviceCopy` says otherwise; `next` is the page to go to instead of home.
   */
  signOut: (reason: SignOutReason, deviceCopy?: DeviceCopyRemoval, next?: string) => void;
  /** Called after each sign-out in this tab (not for another tab's, which arrive as state). */
  onSignOut: (listener: (event: SignOutEvent) => void) => () => void;
  /**
   * Why this tab last signed out, until someone signs in again; null if it did not. Lets a
   * protected page tell "just signed out" (go home) from "never signed in" (go sign in).
   */
  lastSignOut: () => SignOutReason | null;
  /** Writes a pending change now (used when the page is being hidden or closed). */
  flush: () => void;
  dispose: () => void;
}

export interface SessionStoreOptions {
  readonly storage: StateStorage;
  readonly events: StorageEventSource;
  readonly debounceMs?: number;
}

/**
 * The client state in memory, loaded once. Changes are written back at most once per
 * `debounceMs`: the first change starts the timer and later ones ride along, so typing never
 * writes on every keystroke and the last change is always written. Another tab's write replaces
 * the state here, so every open tab shows the same person.
 */
export function createSessionStore({
  storage,
  events,
  debounceMs = PERSIST_DEBOUNCE_MS,
}: SessionStoreOptions): SessionStore {
  let state = readPersistedState(storage);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const signOutListeners = new Set<(event: SignOutEvent) => void>();
  let lastSignOut: SignOutReason | null = null;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    writePersistedState(storage, state);
  };

  const stopListening = onOtherTabWrite(events, (next) => {
    clearTimeout(timer);
    timer = undefined;
    state = next;
    notify();
  });

  const update = (recipe: (current: ClientState) => ClientState) => {
    const next = recipe(state);
    if (next === state) return;
    if (isSignedIn(next)) lastSignOut = null;
    state = next;
    notify();
    timer ??= setTimeout(flush, debounceMs);
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update,
    signOut(reason, deviceCopy = 'keep', next) {
      const { user } = state;
      if (!isSignedIn(state) && user.token === '') return;
      lastSignOut = reason;
      update((current) => ({ ...current, user: EMPTY_USER, expert: {} }));
      flush();
      const event: SignOutEvent = next === undefined ? { user, reason, deviceCopy } : { user, reason, deviceCopy, next };
      for (const listener of signOutListeners) listener(event);
    },
    onSignOut(listener) {
      signOutListeners.add(listener);
      return () => signOutListeners.delete(listener);
    },
    lastSignOut: () => lastSignOut,
    flush,
    dispose() {
      flush();
      stopListening();
      listeners.clear();
      signOutListeners.clear();
    },
  };
}
