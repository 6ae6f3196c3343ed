import { useEffect } from 'react';
import type { SessionStore } from './session-store';

const loadRuntime = () => import('./session-runtime');

/**
 * Once per session and app start, the account details are refreshed from the server: at once
 * when online, else when the connection comes back. Offline, the stored session is trusted.
 */
export function useUserRefresh(store: SessionStore, token: string): void {
  useEffect(() => {
    if (token === '') return;
    let settled = false;
    let running = false;
    const refresh = () => {
      if (settled || running || !navigator.onLine) return;
      running = true;
      void loadRuntime()
        .then((runtime) => runtime.refreshStoredUser(store, token))
        .then((done) => {
          running = false;
          settled ||= done;
        });
    };
    refresh();
    window.addEventListener('online', refresh);
    return () => {
      settled = true;
      window.removeEventListener('online', refresh);
    };
  }, [store, token]);
}
