import { createContext, useContext } from 'react';
import type { UserDb } from './user-db';

/** The signed-in person's database; null when nobody is signed in on this device. */
export const UserDbContext = createContext<UserDb | null>(null);

export function useUserDb(): UserDb | null {
  return useContext(UserDbContext);
}
