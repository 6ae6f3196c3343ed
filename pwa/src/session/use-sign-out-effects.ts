import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '#core/paths';
import type { SessionStore, SignOutEvent } from './session-store';

const loadRuntime = () => import('./session-runtime');

/**
 * What follows a sign-out in this tab: the home page (specification §2.4 and §8), the service
 * worker's sync stopped, and the server told. A session found damaged at start just ends.
 */
export function useSignOutEffects(store: SessionStore): void {
  const navigate = useNavigate();
  const onSignOut = useEffectEvent(({ user, reason }: SignOutEvent) => {
    if (reason !== 'damaged') void navigate(paths.home.href());
    void loadRuntime().then((runtime) => runtime.finishSignOut(user.token, reason));
  });
  useEffect(() => store.onSignOut(onSignOut), [store]);
}
