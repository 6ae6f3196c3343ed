import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';

/**
 * Checks Google ID tokens (from Google Identity Services in the browser) against Google's
 * published keys: signature, issuer, audience (our client id), expiry, and a verified e-mail.
 * The keys are fetched from the JWKS URL and cached by jose; tests point the URL at a local
 * server that publishes a key pair of their own.
 */

/** Google writes either form into `iss`. */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Google signs ID tokens with RS256; refusing every other algorithm closes algorithm-confusion tricks. */
const ALGORITHMS = ['RS256'];

/** Seconds of clock difference between Google and this server that are forgiven for exp/iat. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** How long a key-set fetch may take before the sign-in is answered "try again". */
const JWKS_TIMEOUT_MS = 5_000;

export interface GoogleIdentity {
  /** Google's stable account id: accounts are keyed by it, never by the e-mail address. */
  readonly sub: string;
  readonly email: string;
  /** '' when Google sends no given name. */
  readonly givenName: string;
  readonly picture: string | null;
  /** The nonce the token was issued for, or null when the app asked for none. */
  readonly nonce: string | null;
}

/**
 * - 'invalid': the token itself is refused (forged, expired, for another app, unverified e-mail).
 * - 'unavailable': Google's keys could not be fetched, so nothing can be said about the token.
 */
export type GoogleIdentityFailure = 'invalid' | 'unavailable';

export class GoogleIdentityError extends Error {
  override readonly name = 'GoogleIdentityError';
  readonly reason: GoogleIdentityFailure;

  constructor(reason: GoogleIdentityFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

export type GoogleIdTokenVerifier = (idToken: string) => Promise<GoogleIdentity>;

export interface GoogleVerifierOptions {
  readonly clientId: string;
  readonly jwksUrl: string;
}

const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().min(3).max(320),
  // Exactly true: a missing flag, false, or the string "true" are all not verified.
  email_verified: z.literal(true),
  given_name: z.string().max(200).optional(),
  picture: z.string().max(2048).optional(),
  nonce: z.string().max(256).optional(),
});

/** Errors about reaching the key set, as opposed to errors about the token. */
function isKeySetUnavailable(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true; // fetch itself failed (DNS, refused, reset)
  // ERR_JOSE_GENERIC: the key set answered something other than 200 with JSON.
  return error.code === 'ERR_JWKS_TIMEOUT' || error.code === 'ERR_JWKS_INVALID' || error.code === 'ERR_JOSE_GENERIC';
}

function describeRefusal(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The Google sign-in has expired.';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'The Google sign-in was made for another app.';
    if (error.claim === 'iss') return 'The sign-in was not issued by Google.';
    return `The Google sign-in is not valid (${error.claim}).`;
  }
  return 'The Google sign-in could not be verified.';
}

function identityFrom(payload: JWTPayload): GoogleIdentity {
  const parsed = claimsSchema.safeParse(payload);
  if (!parsed.success) {
    const unverified = parsed.error.issues.some((issue) => issue.path[0] === 'email_verified');
    throw new GoogleIdentityError(
      'invalid',
      unverified
        ? 'The e-mail address of this Google account is not verified.'
        : 'The Google sign-in is missing account details.',
    );
  }
  const claims = parsed.data;
  return {
    sub: claims.sub,
    email: claims.email,
    givenName: claims.given_name?.trim() ?? '',
    // Only a secure picture address is kept: the app shows it as an image.
    picture: claims.picture?.startsWith('https://') ? claims.picture : null,
    nonce: claims.nonce ?? null,
  };
}

export function createGoogleIdTokenVerifier({ clientId, jwksUrl }: GoogleVerifierOptions): GoogleIdTokenVerifier {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: JWKS_TIMEOUT_MS });
  return async (idToken) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ALGORITHMS,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }));
    } catch (error) {
      if (isKeySetUnavailable(error)) {
        throw new GoogleIdentityError('unavailable', "Google's sign-in keys could not be fetched.", { cause: error });
      }
      throw new GoogleIdentityError('invalid', describeRefusal(error), { cause: error });
    }
    return identityFrom(payload);
  };
}
