import type { Sql } from '../../db/client.ts';
import type { PushOutcome, PushSender } from '../../providers/push.ts';
import { createPushLimiter, type PushLimits } from './push-limiter.ts';
import { deleteSubscriptionById, recordPushFailure, recordPushSuccess, type StoredSubscription } from './repo.ts';

/**
 * The one way a push reaches a person's browsers, whatever it is about (the daily reminder, new
 * comments on a tracked post): every subscription not waiting out a backoff is tried side by
 * side; one the push service calls gone is forgotten; one that failed is left alone for a while,
 * longer after each failure in a row, and a success clears its count.
 */

/** When every push failed (the push service is down), the first wait before trying again. */
export const RETRY_MS = 10 * 60_000;
/** The longest a failing subscription is left alone between tries. */
export const MAX_BACKOFF_MS = 24 * 60 * 60_000;
/** Pushes in flight in one pass: in all, and for one person. */
export const PUSH_LIMITS: PushLimits = { total: 8, perKey: 4 };

/** How long a subscription is left alone after its `failures`-th failure in a row: 10 min, doubling, at most a day. */
export function pushBackoffMs(failures: number): number {
  return Math.min(RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
}

/** Sends one payload to one subscription of a person (`userId` keys the per-person share of a pass). */
export type SendPush = (userId: string, subscription: StoredSubscription, payload: string) => Promise<PushOutcome>;

/** A pass's sender: the pushes of everyone in the pass share PUSH_LIMITS (or `limits`). */
export function limitedSender(sender: PushSender, limits: PushLimits = PUSH_LIMITS): SendPush {
  const limiter = createPushLimiter(limits);
  return (userId, subscription, payload) => limiter.run(userId, () => sender.send(subscription, payload));
}

export interface Delivery {
  /** Browsers that took the push. */
  readonly delivered: number;
  /** Subscriptions forgotten because the push service said they are gone. */
  readonly gone: number;
  readonly failed: number;
  /** The person's subscriptions still kept afterwards, with their backoff as it now stands. */
  readonly kept: StoredSubscription[];
}

const isTryable = (subscription: StoredSubscription, now: number) =>
  subscription.retryAfter === null || subscription.retryAfter.getTime() <= now;

/** Pushes `payload` to the person's `subscriptions` (as `listSubscriptions` gives them) at `now`. */
export async function deliverPush(
  sql: Sql,
  send: SendPush,
  userId: string,
  subscriptions: readonly StoredSubscription[],
  payload: string,
  now: number,
): Promise<Delivery> {
  const tried = subscriptions.filter((subscription) => isTryable(subscription, now));
  const outcomes = await Promise.all(tried.map((subscription) => send(userId, subscription, payload)));
  let delivered = 0;
  let gone = 0;
  let failed = 0;
  const kept = new Map(subscriptions.map((subscription) => [subscription.id, subscription]));
  for (const [index, subscription] of tried.entries()) {
    const outcome = outcomes[index];
    if (outcome?.status === 'sent') {
      delivered++;
      await recordPushSuccess(sql, subscription.id);
    } else if (outcome?.status === 'gone') {
      gone++;
      kept.delete(subscription.id);
      await deleteSubscriptionById(sql, subscription.id);
    } else {
      failed++;
      const failures = subscription.failures + 1;
      const retryAfter = new Date(now + pushBackoffMs(failures));
      kept.set(subscription.id, { ...subscription, failures, retryAfter });
      await recordPushFailure(sql, subscription.id, failures, retryAfter);
    }
  }
  return { delivered, gone, failed, kept: [...kept.values()] };
}
