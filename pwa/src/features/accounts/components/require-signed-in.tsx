import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../../session/use-session';
import { signupHref } from '../next-path';

/**
 * Shows `children` only to a signed-in person; anyone else goes to the sign-in page, which
 * brings them back here afterwards. Offline, the stored session counts: the page works.
 */
export function RequireSignedIn({ children }: { readonly children: ReactNode }) {
  const { isSignedIn } = useSession();
  const { pathname, search, hash } = useLocation();
  if (!isSignedIn) return <Navigate to={signupHref(`${pathname}${search}${hash}`)} replace />;
  return children;
}
