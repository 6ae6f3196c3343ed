/**
 * Why a sync failed, in the three ways the app must treat differently:
 * - 'auth': the token is no longer accepted; the person has to sign in again (show "signed out").
 * - 'retryable': the network, a server hiccup (5xx, 429) or a reply we could not read; try again
 *   later with backoff, nothing is lost.
 * - 'fatal': the server refused the request itself (4xx); retrying soon would fail the same way,
 *   so wait long and tell the person.
 */
export type SyncErrorKind = 'auth' | 'retryable' | 'fatal';

export class SyncError extends Error {
  override readonly name = 'SyncError';
  readonly kind: SyncErrorKind;
  /** The server's error code (INVALID_TOKEN, FORBIDDEN, …) or our own (NETWORK, BAD_REPLY, …). */
  readonly code: string;
  /** Wait at least this long before retrying, when the server said so (Retry-After). */
  readonly retryAfterMs: number | undefined;

  constructor(kind: SyncErrorKind, code: string, message: string, options?: { cause?: unknown; retryAfterMs?: number }) {
    super(message, { cause: options?.cause });
    this.kind = kind;
    this.code = code;
    this.retryAfterMs = options?.retryAfterMs;
  }
}

export function isSignedOutError(error: unknown): error is SyncError {
  return error instanceof SyncError && error.kind === 'auth';
}

/** Any failure as a SyncError; unknown ones (a bug, a storage error) are retried with backoff. */
export function toSyncError(error: unknown): SyncError {
  if (error instanceof SyncError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new SyncError('retryable', 'UNEXPECTED', message, { cause: error });
}
