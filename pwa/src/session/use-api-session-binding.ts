import { useLayoutEffect } from 'react';
import { bindApiSession } from '../lib/api-session';
import type { SessionStore } from './session-store';

/**
 * Lets the API client send the stored token and sign out when the server refuses it. A layout
 * effect, so it is bound before any page's (passive) effects make their first request.
 */
export function useApiSessionBinding(store: SessionStore): void {
  useLayoutEffect(
    () =>
      bindApiSession({
        token: () => store.getSnapshot().user.token || null,
        onInvalidToken: (token) => {
          // Only the session the server refused: another tab may have signed in meanwhile.
          if (store.getSnapshot().user.token === token) store.signOut('invalid-token');
        },
      }),
    [store],
  );
}
