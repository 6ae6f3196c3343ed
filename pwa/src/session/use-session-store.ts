import { useContext } from 'react';
import { SessionContext } from './session-context';
import { createSessionStore, type SessionStore } from './session-store';

// Screens rendered outside the provider (the root error page) still read the stored session.
let fallbackStore: SessionStore | undefined;
function getFallbackStore(): SessionStore {
  fallbackStore ??= createSessionStore({ storage: window.localStorage, events: window });
  return fallbackStore;
}

/** The session store the app runs on: the provider's, or one read from local storage. */
export function useSessionStore(): SessionStore {
  return useContext(SessionContext) ?? getFallbackStore();
}
