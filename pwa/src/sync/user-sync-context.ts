import { createContext, useContext } from 'react';
import type { UserSync } from './user-sync';

/** The running sync of the signed-in person; null when nobody is signed in. */
export const UserSyncContext = createContext<UserSync | null>(null);

export function useUserSync(): UserSync | null {
  return useContext(UserSyncContext);
}
