import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '#core/paths';
import type { SessionStore, SignOutEvent } from './session-store';

const loadRuntime = () => import('./session-runtime');

/**
 * What follows a sign-out in this tab: the home page (specification §2.4 and §8) or the page the
 * sign-out names (the tracker's account leads back to the tracker), the service
 * worker's sync stopped, the records on this device removed when Log Out asked for it, and the
 * server told. A session found damaged at start just ends.
 */
export function useSignOutEffects(store: SessionStore): void {
  const navigate = useNavigate();
  const onSignOut = useEffectEvent((event: SignOutEvent) => {
    if (event.reason !== 'damaged') void navigate(event.next ?? paths.home.href());
    void loadRuntime().then((runtime) => runtime.finishSignOut(event));
  });
  useEffect(() => store.onSignOut(onSignOut), [store]);
}
