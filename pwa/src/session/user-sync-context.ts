import { createContext, useContext } from 'react';
import type { UserSync } from '../sync/user-sync';

/**
 * The running sync of the signed-in person; null when nobody is signed in. Beside the session
 * (not in sync/) for the same reason as UserDbContext: the app shell provides it without
 * loading the sync engine.
 */
export const UserSyncContext = createContext<UserSync | null>(null);

export function useUserSync(): UserSync | null {
  return useContext(UserSyncContext);
}
