import { useCallback } from 'react';
import { userSliceFromSignIn, type SignInReply } from '#core/schemas/auth';
import { paths } from '#core/paths';
import { recordEvent } from '../../lib/analytics';
import { useSessionStore } from '../../session/use-session-store';

/**
 * After the server accepted a sign-in: the person is stored (and written at once, so a reload
 * right away keeps them signed in) and the 'Sign In' event is recorded. The session boot starts
 * sync for them, and the sign-in page, now signed in, moves on to where the person was going.
 */
export function useCompleteSignIn(): (reply: SignInReply) => void {
  const store = useSessionStore();
  return useCallback(
    (reply: SignInReply) => {
      store.update((state) => ({ ...state, user: userSliceFromSignIn(reply) }));
      store.flush();
      recordEvent('Sign In', paths.signup.href());
    },
    [store],
  );
}
