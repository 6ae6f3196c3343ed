import type { UserSlice } from '#core/schemas/client-state';

/**
 * The account id kept in the stored user (`userDetails.id` of the sign-in reply), or null when
 * there is none: signed out, or a stored user this version cannot use. Read here rather than
 * from #core/schemas/auth so the first page does not load the full schema library.
 */
export function storedUserId(user: UserSlice): string | null {
  const id = user.userDetails.id;
  return typeof id === 'string' && id !== '' ? id : null;
}
