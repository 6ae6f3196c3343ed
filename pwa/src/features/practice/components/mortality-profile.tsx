import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '#core/paths';
import { useProfile } from '../data/use-profile';
import { useRememberBirthday } from './use-remember-birthday';

export interface MortalityProfileProps {
  /** The address's birthday, when it has one. */
  readonly bday: string | undefined;
  readonly onError: (message: string) => void;
  /** Shown while the profile is read (the page shows the same while this module loads). */
  readonly loading: ReactNode;
  /** The page's entry or chart. */
  readonly children: ReactNode;
}

/**
 * /mortality… for someone whose records are open on this device: a birthday in the profile goes
 * straight to its chart, and the entry's DONE stores the birthday. Its own module, loaded only
 * then, so the signed-out page fetches no database code.
 */
export function MortalityProfile({ bday, onError, loading, children }: MortalityProfileProps) {
  const profile = useProfile();
  useRememberBirthday(bday, profile, onError);
  if (bday === undefined) {
    if (profile === undefined) return loading;
    if (profile.birthday !== null) return <Navigate to={paths.mortalityResult.href(profile.birthday)} replace />;
  }
  return children;
}
