// zod/mini: this schema is read at start-up, so it ships in the first bundle; mini tree-shakes to a few KB.
import * as z from 'zod/mini';

/**
 * The client state kept in local storage under one key: who is signed in, the toast being shown,
 * and the expert slice. Storage is outside our control (older versions, other tabs, a person
 * editing it by hand), so whatever is read back goes through `parseClientState`: a slice that no
 * longer matches its schema is replaced by its defaults instead of reaching the app.
 */

export const CLIENT_STATE_STORAGE_KEY = 'state';

export const userSliceSchema = z.object({
  token: z.string(),
  /** The rest of the sign-in reply, kept as it came; read through the named fields below. */
  userDetails: z.record(z.string(), z.unknown()),
  user_first_name: z.string(),
  user_avatar_url: z.string(),
  user_email: z.string(),
  /** See `isPaid` in #core/plans/account-type for what the number means. */
  accountType: z.int(),
});
export type UserSlice = z.infer<typeof userSliceSchema>;

export const toastSliceSchema = z.object({
  show: z.boolean(),
  message: z.string(),
});
export type ToastSlice = z.infer<typeof toastSliceSchema>;

export const expertSliceSchema = z.record(z.string(), z.unknown());
export type ExpertSlice = z.infer<typeof expertSliceSchema>;

export const clientStateSchema = z.object({
  user: userSliceSchema,
  toast: toastSliceSchema,
  expert: expertSliceSchema,
});
export type ClientState = z.infer<typeof clientStateSchema>;

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
export function isSignedIn(state: ClientState): boolean {
  return state.user.user_email.trim() !== '';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function parseSlice<T>(schema: z.ZodMiniType<T>, value: unknown, fallback: T): T {
  const result = schema.safeParse(value);
  return result.success ? result.data : fallback;
}

/**
 * Reads the stored text back into a valid state. Missing, unparsable or wrongly shaped data
 * falls back slice by slice, so a damaged toast never signs anyone out. A toast is a thing of
 * the moment: it is never shown again after a reload.
 */
export function parseClientState(stored: string | null): ClientState {
  if (stored === null) return DEFAULT_CLIENT_STATE;
  const raw = parseJson(stored);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return DEFAULT_CLIENT_STATE;
  const slices = raw as Partial<Record<keyof ClientState, unknown>>;
  const toast = parseSlice(toastSliceSchema, slices.toast, DEFAULT_CLIENT_STATE.toast);
  return {
    user: parseSlice(userSliceSchema, slices.user, DEFAULT_CLIENT_STATE.user),
    toast: { ...toast, show: false },
    expert: parseSlice(expertSliceSchema, slices.expert, DEFAULT_CLIENT_STATE.expert),
  };
}

export function serializeClientState(state: ClientState): string {
  return JSON.stringify(state);
}
