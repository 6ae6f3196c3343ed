import { paths } from '#core/paths';
import { sameOriginPath } from '../../lib/same-origin-path';

/** Where a sign-in leads when the person did not come from a protected page. */
export const DEFAULT_AFTER_SIGN_IN = paths.dashboard.href();

/**
 * The `?next=` page to return to after signing in, only when it is a path of this app (see
 * `sameOriginPath`); anything else, and the sign-in page itself (no loop), leads to the dashboard.
 */
export function safeNextPath(next: string | null): string {
  const path = next === null ? null : sameOriginPath(next);
  if (path === null || path.split(/[?#]/, 1)[0] === paths.signup.href()) return DEFAULT_AFTER_SIGN_IN;
  return path;
}

/** The sign-in page, returning to `next` afterwards. */
export function signupHref(next: string): string {
  return `${paths.signup.href()}?${new URLSearchParams({ next }).toString()}`;
}
