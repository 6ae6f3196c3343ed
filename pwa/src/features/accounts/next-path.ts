import { paths } from '#core/paths';

/** Where a sign-in leads when the person did not come from a protected page. */
export const DEFAULT_AFTER_SIGN_IN = paths.dashboard.href();

const ORIGIN = 'https://memento.invalid';

/**
 * The `?next=` page to return to after signing in, only when it is a path of this app:
 * absolute URLs, protocol-relative '//host' and '/\host' tricks, and other schemes all fall back
 * to the dashboard, and so does the sign-in page itself (no loop).
 */
export function safeNextPath(next: string | null): string {
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  let url: URL;
  try {
    url = new URL(next, ORIGIN);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== ORIGIN || url.pathname === paths.signup.href()) return DEFAULT_AFTER_SIGN_IN;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, returning to `next` afterwards. */
export function signupHref(next: string): string {
  return `${paths.signup.href()}?${new URLSearchParams({ next }).toString()}`;
}
