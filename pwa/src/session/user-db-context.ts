import { createContext, useContext } from 'react';
import type { UserDb } from '../db/user-db';

/**
 * The signed-in person's database; null when nobody is signed in on this device. It lives with
 * the session, not in db/, because every page reads it: the app shell that provides it stays
 * free of the database's code, which loads only once someone is signed in (session-runtime).
 */
export const UserDbContext = createContext<UserDb | null>(null);

export function useUserDb(): UserDb | null {
  return useContext(UserDbContext);
}
