import { z } from 'zod';
import type { UserSlice } from './client-state';

/**
 * The sign-in contract, one schema per request and reply, used by the server to check what
 * arrives and by the app to check what comes back. The reply keeps the field names the app's
 * stored user has always had (user_email, user_first_name, …), so a reply drops straight into
 * the persisted user slice.
 */

export const EMAIL_MAX = 320;
export const FIRST_NAME_MAX = 100;

export const emailSchema = z
  .string({ error: 'Enter your e-mail address' })
  .trim()
  .min(1, 'Enter your e-mail address')
  .max(EMAIL_MAX, `An e-mail address has at most ${EMAIL_MAX} characters`)
  .pipe(z.email({ error: 'Enter a valid e-mail address, like ada@example.com' }));

export const firstNameSchema = z
  .string()
  .trim()
  .max(FIRST_NAME_MAX, `A first name has at most ${FIRST_NAME_MAX} characters`);

/** `POST /api/auth/local`: sign in by e-mail alone, on a server that runs without Google. */
export const localSignInRequestSchema = z.object({
  email: emailSchema,
  name: firstNameSchema.optional(),
});
export type LocalSignInRequest = z.input<typeof localSignInRequestSchema>;

/** Google's ID tokens are around 1 KB; anything far larger is not one. */
export const ID_TOKEN_MAX = 8_192;
export const NONCE_MAX = 128;

/**
 * `POST /api/newGoogleSignIn` and `POST /api/googleSignin`: the ID token from Google Identity
 * Services, and the nonce this server issued for it (the token carries it too).
 */
export const googleSignInRequestSchema = z.object({
  id_token: z.string().min(1).max(ID_TOKEN_MAX),
  nonce: z.string().min(1).max(NONCE_MAX).optional(),
});
export type GoogleSignInRequest = z.input<typeof googleSignInRequestSchema>;

/** `GET /api/auth/nonce`: a single-use value to bind the next Google ID token to this app. */
export const nonceReplySchema = z.object({ nonce: z.string().min(1).max(NONCE_MAX) });
export type NonceReply = z.infer<typeof nonceReplySchema>;

/** `GET /api/auth/config`: how this server signs people in. */
export const signInConfigSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('google'), googleClientId: z.string().min(1) }),
  z.object({ mode: z.literal('local') }),
]);
export type SignInConfig = z.infer<typeof signInConfigSchema>;

/** The account as the app shows it; `id` names the person's database on the device. */
export const userDetailsSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  first_name: z.string(),
  /** '' when there is no picture. */
  avatar_url: z.string(),
  /** See `isPaid` in #core/plans/account-type. */
  accountType: z.int(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** `GET|POST /api/refreshUser`: the signed-in person's account. */
export const userReplySchema = z.object({
  userDetails: userDetailsSchema,
  user_email: z.string(),
  user_first_name: z.string(),
  user_avatar_url: z.string(),
  accountType: z.int(),
});
export type UserReply = z.infer<typeof userReplySchema>;

/** Every sign-in (local or Google): the account plus the new session's bearer token. */
export const signInReplySchema = userReplySchema.extend({ token: z.string().min(1) });
export type SignInReply = z.infer<typeof signInReplySchema>;

/** The reply for an account: the named fields repeat `userDetails`, as the stored user expects. */
export function userReplyFor(details: UserDetails): UserReply {
  return {
    userDetails: details,
    user_email: details.email,
    user_first_name: details.first_name,
    user_avatar_url: details.avatar_url,
    accountType: details.accountType,
  };
}

/** The stored user after a refresh: the account as the server now has it, the same session. */
export function userSliceWithReply(token: string, reply: UserReply): UserSlice {
  return {
    token,
    userDetails: { ...reply.userDetails },
    user_email: reply.user_email,
    user_first_name: reply.user_first_name,
    user_avatar_url: reply.user_avatar_url,
    accountType: reply.accountType,
  };
}

/** The stored user right after a sign-in. */
export function userSliceFromSignIn(reply: SignInReply): UserSlice {
  return userSliceWithReply(reply.token, reply);
}
