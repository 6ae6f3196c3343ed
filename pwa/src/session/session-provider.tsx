import { useEffect, useState, type ReactNode } from 'react';
import { SessionContext } from './session-context';
import { createSessionStore, type SessionStore } from './session-store';

interface SessionProviderProps {
  /** A ready store (tests); by default one is loaded from local storage once, on mount. */
  readonly store?: SessionStore;
  readonly children: ReactNode;
}

export function SessionProvider({ store: given, children }: SessionProviderProps) {
  const [store] = useState(
    () => given ?? createSessionStore({ storage: window.localStorage, events: window }),
  );

  useEffect(() => {
    // A change made in the last second must not be lost when the tab is hidden or closed.
    const onHide = () => {
      if (document.visibilityState === 'hidden') store.flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', store.flush);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', store.flush);
      if (!given) store.dispose();
    };
  }, [store, given]);

  return <SessionContext value={store}>{children}</SessionContext>;
}
