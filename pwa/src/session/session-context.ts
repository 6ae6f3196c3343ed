import { createContext } from 'react';
import type { SessionStore } from './session-store';

/** The store the app runs on; null outside a SessionProvider (see useSession). */
export const SessionContext = createContext<SessionStore | null>(null);
