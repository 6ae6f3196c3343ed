import {
  userReplyFor,
  type GoogleSignInRequest,
  type SignInConfig,
  type SignInReply,
  type UserDetails,
  type UserReply,
} from '#core/schemas/auth';
import type { Sql } from '../../db/client.ts';
import type { SignInConfig as SignInEnv } from '../../env.ts';
import { ApiError } from '../../http/api-error.ts';
import { GoogleIdentityError, type GoogleIdentity, type GoogleIdTokenVerifier } from '../../providers/google-identity.ts';
import { consumeNonce, issueNonce } from './nonce-repo.ts';
import { createSession, revokeSession } from './session-repo.ts';
import { findUserDetails, upsertGoogleUser, upsertLocalUser } from './users-repo.ts';

export interface AccountsDeps {
  readonly sql: Sql;
  readonly signIn: SignInEnv;
  /** Present exactly when the server signs in with Google. */
  readonly verifyGoogleIdToken: GoogleIdTokenVerifier | null;
}

export function signInConfig({ signIn }: Pick<AccountsDeps, 'signIn'>): SignInConfig {
  return signIn.mode === 'google' ? { mode: 'google', googleClientId: signIn.googleClientId } : { mode: 'local' };
}

async function startSession(sql: Sql, details: UserDetails): Promise<SignInReply> {
  const token = await createSession(sql, details.id);
  return { token, ...userReplyFor(details) };
}

/** Local sign-in: the e-mail address alone, on a server that runs without Google. */
export async function signInLocally(
  { sql, signIn }: AccountsDeps,
  request: { readonly email: string; readonly name?: string | undefined },
): Promise<SignInReply> {
  if (signIn.mode !== 'local') throw new ApiError('SIGN_IN_MODE', 'This server signs in with Google.');
  const user = await upsertLocalUser(sql, request.email, request.name ?? '');
  if (user === 'google-account') {
    throw new ApiError('SIGN_IN_FAILED', 'This account signs in with Google.');
  }
  return startSession(sql, user);
}

function requireGoogle({ verifyGoogleIdToken }: AccountsDeps): GoogleIdTokenVerifier {
  if (verifyGoogleIdToken === null) throw new ApiError('SIGN_IN_MODE', 'This server does not sign in with Google.');
  return verifyGoogleIdToken;
}

export async function newNonce(deps: AccountsDeps): Promise<{ nonce: string }> {
  requireGoogle(deps);
  return { nonce: await issueNonce(deps.sql) };
}

async function verify(verifyToken: GoogleIdTokenVerifier, idToken: string): Promise<GoogleIdentity> {
  try {
    return await verifyToken(idToken);
  } catch (error) {
    if (!(error instanceof GoogleIdentityError)) throw error;
    if (error.reason === 'unavailable') {
      throw new ApiError('UNAVAILABLE', 'Google could not be reached to check the sign-in. Try again in a moment.', {
        cause: error,
      });
    }
    throw new ApiError('SIGN_IN_FAILED', error.message, { cause: error });
  }
}

/**
 * Every Google sign-in is bound to a nonce this server issued: the token must carry one that is
 * still live, and it is used up by this sign-in, so a token seen once (in a log, a proxy, a
 * stolen browser history) cannot sign anyone in again. A request that names its nonce must name
 * the token's.
 */
async function checkNonce(sql: Sql, identity: GoogleIdentity, requested: string | undefined): Promise<void> {
  if (identity.nonce === null || (requested !== undefined && requested !== identity.nonce)) {
    throw new ApiError('SIGN_IN_FAILED', 'The Google sign-in does not belong to this sign-in attempt.');
  }
  if (!(await consumeNonce(sql, identity.nonce))) {
    throw new ApiError('SIGN_IN_FAILED', 'This Google sign-in was already used or has expired.');
  }
}

/** Google sign-in: verify the ID token, use up its nonce, then find, link or create the account. */
export async function signInWithGoogle(deps: AccountsDeps, request: GoogleSignInRequest): Promise<SignInReply> {
  const identity = await verify(requireGoogle(deps), request.id_token);
  await checkNonce(deps.sql, identity, request.nonce);
  const user = await upsertGoogleUser(deps.sql, identity);
  if (user === 'email-linked-elsewhere') {
    throw new ApiError('SIGN_IN_FAILED', 'This e-mail address belongs to an account linked to another Google account.');
  }
  return startSession(deps.sql, user);
}

export async function refreshUser(sql: Sql, userId: string): Promise<UserReply> {
  const details = await findUserDetails(sql, userId);
  // A live session always has its user (sessions go with their user); this is belt and braces.
  if (details === null) throw new ApiError('INVALID_TOKEN', 'INVALID_TOKEN');
  return userReplyFor(details);
}

export function signOut(sql: Sql, sessionId: string): Promise<void> {
  return revokeSession(sql, sessionId);
}
