import { createContext, useContext } from 'react';

/**
 * Whether someone is signed in, as the navigation bars need it. The app's root layout fills it
 * from the session, so layout components stay independent of any feature.
 */
export const NavSessionContext = createContext(false);

export function useNavSignedIn(): boolean {
  return useContext(NavSessionContext);
}
