/**
 * The client state kept in local storage under one key: who is signed in, the toast being shown,
 * and the expert slice. Storage is outside our control (older versions, other tabs, a person
 * editing it by hand), so whatever is read back goes through `parseClientState`: a slice that no
 * longer matches its shape is replaced by its defaults instead of reaching the app.
 *
 * Read at start-up, so it ships in the first bundle: the checks are written by hand rather than
 * with the schema library, which would bring its whole core (about 13 KB gzip) to the landing page.
 */

export const CLIENT_STATE_STORAGE_KEY = 'state';

export interface UserSlice {
  token: string;
  /** The rest of the sign-in reply, kept as it came; read through the named fields below. */
  userDetails: Record<string, unknown>;
  user_first_name: string;
  user_avatar_url: string;
  user_email: string;
  /** See `isPaid` in #core/plans/account-type for what the number means. */
  accountType: number;
}

export interface ToastSlice {
  show: boolean;
  message: string;
}

export type ExpertSlice = Record<string, unknown>;

export interface ClientState {
  user: UserSlice;
  toast: ToastSlice;
  expert: ExpertSlice;
}

export const EMPTY_USER: UserSlice = {
  token: '',
  userDetails: {},
  user_first_name: '',
  user_avatar_url: '',
  user_email: '',
  accountType: 0,
};

export const DEFAULT_CLIENT_STATE: ClientState = {
  user: EMPTY_USER,
  toast: { show: false, message: '' },
  expert: {},
};

/** A person counts as signed in when the stored user has an e-mail address. */
export function isSignedInUser(user: UserSlice): boolean {
  return user.user_email.trim() !== '';
}

export function isSignedIn(state: ClientState): boolean {
  return isSignedInUser(state.user);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string-keyed record of any values, copied (own enumerable keys; never `__proto__`). */
function parseRecord(value: unknown): Record<string, unknown> | undefined {
  if (!isObject(value)) return undefined;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key !== '__proto__') copy[key] = value[key];
  }
  return copy;
}

/** The stored user with only its known fields, or undefined when any of them is missing or wrong. */
function parseUser(value: unknown): UserSlice | undefined {
  if (!isObject(value)) return undefined;
  const { token, userDetails, user_first_name, user_avatar_url, user_email, accountType } = value;
  const details = parseRecord(userDetails);
  if (
    typeof token !== 'string' ||
    details === undefined ||
    typeof user_first_name !== 'string' ||
    typeof user_avatar_url !== 'string' ||
    typeof user_email !== 'string' ||
    typeof accountType !== 'number' ||
    !Number.isSafeInteger(accountType)
  ) {
    return undefined;
  }
  return {
    token,
    userDetails: details,
    user_first_name,
    user_avatar_url,
    user_email,
    accountType,
  };
}

function parseToast(value: unknown): ToastSlice | undefined {
  if (!isObject(value)) return undefined;
  const { show, message } = value;
  return typeof show === 'boolean' && typeof message === 'string' ? { show, message } : undefined;
}

/**
 * Reads the stored text back into a valid state. Missing, unparsable or wrongly shaped data
 * falls back slice by slice, so a damaged toast never signs anyone out. A toast is a thing of
 * the moment: it is never shown again after a reload.
 */
export function parseClientState(stored: string | null): ClientState {
  if (stored === null) return DEFAULT_CLIENT_STATE;
  const raw = parseJson(stored);
  if (!isObject(raw)) return DEFAULT_CLIENT_STATE;
  const toast = parseToast(raw.toast) ?? DEFAULT_CLIENT_STATE.toast;
  return {
    user: parseUser(raw.user) ?? DEFAULT_CLIENT_STATE.user,
    toast: { ...toast, show: false },
    expert: parseRecord(raw.expert) ?? DEFAULT_CLIENT_STATE.expert,
  };
}

export function serializeClientState(state: ClientState): string {
  return JSON.stringify(state);
}
