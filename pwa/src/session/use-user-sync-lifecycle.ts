import { useEffect, useState } from 'react';
import { currentInstant } from '../lib/current-instant';
import type { UserSync } from '../sync/user-sync';
import type { SessionStore } from './session-store';

const loadRuntime = () => import('./session-runtime');

interface Running {
  /** The session it runs for: the account id and token. */
  readonly key: string;
  readonly userSync: UserSync;
}

/**
 * Runs sync for the signed-in person (on sign-in and on every start with a stored session) and
 * stops it when the session ends or changes. The value is null while nobody is signed in and
 * while sync is starting; it turns null in the same render as a sign-out, before sync stops.
 */
export function useUserSyncLifecycle(store: SessionStore, userId: string | null, token: string): UserSync | null {
  const [running, setRunning] = useState<Running | null>(null);
  const key = userId === null || token === '' ? null : `${userId}\n${token}`;

  useEffect(() => {
    if (key === null || userId === null) return;
    let stopped = false;
    let started: UserSync | null = null;
    loadRuntime()
      .then((runtime) =>
        runtime.startSync({
          userId,
          token,
          now: () => currentInstant().getTime(),
          onSignedOut: (error) => {
            // The server refused this session's token; a missing local record is no verdict.
            if (error.code !== 'NO_SESSION' && store.getSnapshot().user.token === token) {
              store.signOut('invalid-token');
            }
          },
        }),
      )
      .then((userSync) => {
        if (stopped) {
          userSync.stop();
          return;
        }
        started = userSync;
        setRunning({ key, userSync });
      })
      .catch((error: unknown) => {
        // No IndexedDB (some private modes): the app still runs on the stored session, without sync.
        console.warn('Sync could not start on this device', error);
      });
    return () => {
      stopped = true;
      started?.stop();
    };
  }, [store, key, userId, token]);

  return running?.key === key ? running.userSync : null;
}
