import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DeviceCopyRemoval } from '../db/device-copy';
import { useOnlineStatus } from '../lib/online-status';
import { useUserSync } from './user-sync-context';
import { useSession } from './use-session';
import { useSessionStore } from './use-session-store';

const loadRuntime = () => import('./session-runtime');

/**
 * Where Log Out stands:
 * - 'idle': nothing asked.
 * - 'checking': syncing what is waiting, then counting what is left.
 * - 'unsynced': changes on this device have not reached the server; the person is asked. The
 *   count follows the outbox, and Log Out completes by itself once it reaches 0 (that is what
 *   they asked for, and nothing is lost by then). Journal words kept aside count too, and hold
 *   Log Out until the person has dealt with them or chooses to delete.
 * - 'leaving': signed out; the records on this device are being removed.
 */
export type LogOutState =
  | { readonly step: 'idle' }
  | { readonly step: 'checking' }
  | { readonly step: 'unsynced'; readonly pending: number; readonly keptAside: number; readonly problem: string | null }
  | { readonly step: 'leaving' };

export interface LogOut {
  readonly state: LogOutState;
  readonly online: boolean;
  /** Log Out pressed: removes the device's copy at once if everything has synced, else asks. */
  readonly start: () => Promise<void>;
  /** Tries to sync again now (Log Out still completes once everything has synced). */
  readonly retry: () => Promise<void>;
  /** Logs out and deletes the device's copy with the changes that have not synced. */
  readonly discard: () => void;
  /** Stays signed in; nothing changes. */
  readonly cancel: () => void;
}

const IDLE: LogOutState = { step: 'idle' };

/**
 * Log Out for the signed-in person. The journal and settings live on this device only while they
 * are signed in: once everything has reached the server the device's copy is deleted at Log Out;
 * changes that have not are never deleted without the person saying so. Afterwards the home page
 * shows, or `next` when given.
 */
export function useLogOut(next?: string): LogOut {
  const store = useSessionStore();
  const { userId } = useSession();
  const userSync = useUserSync();
  const online = useOnlineStatus();
  const [state, setState] = useState<LogOutState>(IDLE);
  // Each start or cancel begins a new round; an answer from an older round is ignored.
  const round = useRef(0);

  const leave = useCallback(
    (deviceCopy: DeviceCopyRemoval) => {
      round.current += 1;
      setState({ step: 'leaving' });
      store.signOut('user', deviceCopy, next);
    },
    [store, next],
  );

  const check = useCallback(async () => {
    const current = round.current;
    if (userId === null) {
      // No account id yet (a stored session being completed): no database can be named.
      leave('keep');
      return;
    }
    try {
      const runtime = await loadRuntime();
      const { pending, keptAside, problem } = await runtime.checkBeforeLogOut(userSync, userId, navigator.onLine);
      if (current !== round.current) return;
      if (pending === 0) leave('if-synced');
      else setState({ step: 'unsynced', pending, keptAside, problem });
    } catch (error) {
      // The outbox could not be read: sign out, and let the removal look again for itself (it
      // keeps the records unless it can see that they have all synced).
      console.warn('Log Out could not count the changes on this device', error);
      if (current === round.current) leave('if-synced');
    }
  }, [userId, userSync, leave]);

  const start = useCallback(async () => {
    if (state.step !== 'idle') return;
    round.current += 1;
    setState({ step: 'checking' });
    await check();
  }, [state.step, check]);

  const retry = useCallback(async () => {
    if (state.step !== 'unsynced') return;
    await check();
  }, [state.step, check]);

  const cancel = useCallback(() => {
    round.current += 1;
    setState(IDLE);
  }, []);

  const discard = useCallback(() => {
    leave('always');
  }, [leave]);

  // While the person is asked, the count follows the outbox: the tab's own sync (on 'online', on
  // its retry timer), another tab's or the service worker's may send the changes meanwhile.
  const asking = state.step === 'unsynced';
  const keptAside = state.step === 'unsynced' ? state.keptAside : 0;
  const db = userSync?.db ?? null;
  useEffect(() => {
    if (!asking || db === null) return undefined;
    let stop: (() => void) | undefined;
    let ended = false;
    void loadRuntime().then((runtime) => {
      if (ended) return;
      stop = runtime.watchPendingWrites(db, (writes) => {
        if (writes + keptAside === 0) leave('if-synced');
        else setState((previous) => (previous.step === 'unsynced' ? { ...previous, pending: writes + keptAside } : previous));
      });
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [asking, keptAside, db, leave]);

  return useMemo(
    () => ({ state, online, start, retry, discard, cancel }),
    [state, online, start, retry, discard, cancel],
  );
}
