import { createHash, randomBytes } from 'node:crypto';

/** How long a session lasts without being used; each use within it extends nothing (fixed term). */
export const SESSION_TTL_DAYS = 90;

/** A new bearer token: 32 random bytes, base64url. Only its hash is ever stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

// The scheme is case-insensitive (RFC 9110, section 11.1); the token's characters are base64url either way.
const BEARER = /^bearer +([a-z0-9_-]{16,128})$/i;

/** The token of an `Authorization: Bearer …` header, or null when there is none or it is malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  return BEARER.exec(header.trim())?.[1] ?? null;
}
