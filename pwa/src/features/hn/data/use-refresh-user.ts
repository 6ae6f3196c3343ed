import { useEffect } from 'react';
import { useSessionStore } from '../../../session/use-session-store';

const loadRuntime = () => import('../../../session/session-runtime');

/**
 * Opening the tracker asks the server for the account again (specification 4), so a plan
 * changed elsewhere (Pro bought on another device, or just now on /hnupgrade) shows at once.
 * Offline the stored account stands; an INVALID_TOKEN answer signs out through the API client.
 */
export function useRefreshUser(token: string): void {
  const store = useSessionStore();
  useEffect(() => {
    if (token === '' || !navigator.onLine) return;
    void loadRuntime().then((runtime) => runtime.refreshStoredUser(store, token));
  }, [store, token]);
}
