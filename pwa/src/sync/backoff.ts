/**
 * How long to wait before retrying after failures. Exponential, so a server that is down gets
 * fewer and fewer requests; capped, so a device that comes back still syncs within minutes; and
 * with full jitter (a random point below the ceiling), so thousands of devices that failed at
 * the same moment do not all come back at the same moment.
 */

export interface BackoffPolicy {
  /** Ceiling of the first retry. */
  readonly baseMs: number;
  /** Ceiling of every retry after a long run of failures. */
  readonly capMs: number;
  /** Never retry sooner than this, however small the random draw. */
  readonly floorMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 5 * 60_000, floorMs: 1_000 };

/** The ceiling after `failures` consecutive failures (1 = the first). */
export function backoffCeiling(failures: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, Math.min(failures - 1, 30));
  return Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
}

export function backoffDelay(failures: number, random: () => number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  return Math.max(policy.floorMs, Math.floor(random() * backoffCeiling(failures, policy)));
}
