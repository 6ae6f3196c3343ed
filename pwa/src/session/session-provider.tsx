import { useEffect, useState, type ReactNode } from 'react';
import { SessionContext } from './session-context';
import { createSessionStore, type SessionStore } from './session-store';

/** This device's stored state and other tabs' writes to it. */
const DEVICE = { get storage() { return window.localStorage; }, get events() { return window; } };

/**
 * A page written on the server (pwa/src/page-render.tsx) has no device: it shows what a visitor
 * nobody has signed in as sees, as the app's first render over it does (main.tsx).
 */
const NOBODY_YET = {
  storage: { getItem: () => null, setItem: () => undefined },
  events: { addEventListener: () => undefined, removeEventListener: () => undefined },
};

interface SessionProviderProps {
  /** A ready store (tests); by default one is loaded from local storage once, on mount. */
  readonly store?: SessionStore;
  readonly children: ReactNode;
}

export function SessionProvider({ store: given, children }: SessionProviderProps) {
  const [store] = useState(() => given ?? createSessionStore(typeof window === 'undefined' ? NOBODY_YET : DEVICE));

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
