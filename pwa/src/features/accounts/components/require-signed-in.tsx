import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '#core/paths';
import { useSession } from '../../../session/use-session';
import { useSessionStore } from '../../../session/use-session-store';
import { signupHref } from '../next-path';

/**
 * Shows `children` only to a signed-in person. Someone who was never signed in goes to the
 * sign-in page, which brings them back here afterwards; someone who just signed out in this tab
 * (or whose session the server ended) goes home, as the specification has it. Offline, the
 * stored session counts: the page works.
 */
export function RequireSignedIn({ children }: { readonly children: ReactNode }) {
  const { isSignedIn } = useSession();
  const store = useSessionStore();
  const { pathname, search, hash } = useLocation();
  if (isSignedIn) return children;
  const reason = store.lastSignOut();
  const target = reason === 'user' || reason === 'invalid-token' ? paths.home.href() : signupHref(`${pathname}${search}${hash}`);
  return <Navigate to={target} replace />;
}
