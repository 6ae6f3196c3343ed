import type { Sql } from '../db/client.ts';
import { ApiError } from './api-error.ts';
import { countHit } from './rate-limit-repo.ts';

/** How many hits a key may make in a window. */
export interface RateLimit {
  /** Names the limit's buckets (one per key). */
  readonly name: string;
  readonly max: number;
  readonly windowSeconds: number;
}

/** 429 RATE_LIMITED, with the seconds to wait (the error handler sends them as Retry-After). */
export class RateLimitedError extends ApiError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message: string) {
    super('RATE_LIMITED', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** "Try again in 4 minutes": the wait in words, for the person who is made to wait. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Counts `cost` hits of `key` against `limit`, and throws RateLimitedError once the window's
 * count goes over it. `what` names the action in the message ("Too many sign-ins").
 */
export async function takeHits(sql: Sql, limit: RateLimit, key: string, what: string, cost = 1): Promise<void> {
  const { hits, resetsInSeconds } = await countHit(sql, `${limit.name}:${key}`, limit.windowSeconds, cost);
  if (hits > limit.max) {
    throw new RateLimitedError(resetsInSeconds, `${what}. Try again in ${waitInWords(resetsInSeconds)}.`);
  }
}
