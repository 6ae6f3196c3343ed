import { ACCOUNT_TYPE } from './account-type';

/**
 * The paid plan's rules, in one place for the screens and the server. Instants are epoch
 * milliseconds and "now" is always passed in: the server reads the provider's clock (a test clock
 * in tests), the screens read the device's.
 *
 * - Pro lasts to the end of the period already paid; a cancellation then takes effect at that end.
 * - A cancellation at most 48 hours after a renewal (counted from its payment) refunds that renewal
 *   and ends the plan at once. The first payment of a new plan is not a renewal: it is not refunded
 *   by this rule.
 * - Cancelling can be undone until the period ends.
 * - A failed renewal keeps Pro for a grace period of 7 days with a notice (and an e-mail); when the
 *   grace period ends unpaid, the plan ends.
 * - When the plan ends the account returns to free.
 */

const HOUR_MS = 60 * 60 * 1000;

/** How long after a renewal a cancellation still refunds it (inclusive: exactly 48 h refunds). */
export const REFUND_WINDOW_HOURS = 48;
export const REFUND_WINDOW_MS = REFUND_WINDOW_HOURS * HOUR_MS;

/** How long Pro is kept after a renewal payment fails, for the person to fix their card. */
export const GRACE_PERIOD_DAYS = 7;
export const GRACE_PERIOD_MS = GRACE_PERIOD_DAYS * 24 * HOUR_MS;

/**
 * Where a person's plan stands.
 * - `none`: never subscribed.
 * - `pending`: the first payment is not confirmed yet (the bank's check, or the webhook on its way).
 * - `active`: paid, renews at the period end.
 * - `canceling`: paid, cancelled by the person, ends at the period end (can be undone until then).
 * - `grace`: a renewal payment failed; Pro is kept until the grace period ends.
 * - `ended`: cancelled, refunded or unpaid: the account is free again.
 */
export const PLAN_STATUSES = ['none', 'pending', 'active', 'canceling', 'grace', 'ended'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The provider's subscription statuses (Stripe's names). */
export type ProviderSubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

/** The plan status of a provider subscription. */
export function planStatusOf(status: ProviderSubscriptionStatus, cancelAtPeriodEnd: boolean): PlanStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return cancelAtPeriodEnd ? 'canceling' : 'active';
    case 'past_due':
      return 'grace';
    case 'incomplete':
      return 'pending';
    case 'incomplete_expired':
    case 'canceled':
    case 'unpaid':
    case 'paused':
      return 'ended';
  }
}

/** The account type a plan gives: paid while Pro is kept (active, ending later, in grace), else free. */
export function accountTypeForPlan(status: PlanStatus): number {
  return status === 'active' || status === 'canceling' || status === 'grace' ? ACCOUNT_TYPE.paid : ACCOUNT_TYPE.free;
}

/** The current period of a plan, as the rule needs it. */
export interface PlanPeriod {
  readonly status: PlanStatus;
  readonly periodStart: number;
  readonly periodEnd: number;
  /** When the renewal that began the current period was paid; null for the plan's first period. */
  readonly renewedAt: number | null;
}

/** Until when a cancellation refunds the current period's renewal; null when it would not. */
export function refundWindowEnd(plan: PlanPeriod): number | null {
  if (plan.renewedAt === null || (plan.status !== 'active' && plan.status !== 'canceling')) return null;
  return plan.renewedAt + REFUND_WINDOW_MS;
}

/**
 * What cancelling does.
 * - `refund_and_end_now`: inside the refund window: the renewal is refunded and the plan ends now.
 * - `end_at_period_end`: Pro is kept until `endsAt`; undoable until then.
 * - `end_now`: in grace (the renewal was not paid): the plan ends now, nothing to refund.
 */
export type CancelOutcome =
  | { readonly kind: 'refund_and_end_now' }
  | { readonly kind: 'end_at_period_end'; readonly endsAt: number }
  | { readonly kind: 'end_now' };

/** The outcome of cancelling at `now`; null when there is nothing to cancel (no plan, ended, pending). */
export function cancelOutcome(plan: PlanPeriod, now: number): CancelOutcome | null {
  switch (plan.status) {
    case 'grace':
      return { kind: 'end_now' };
    case 'active':
    case 'canceling': {
      const refundUntil = refundWindowEnd(plan);
      if (refundUntil !== null && plan.renewedAt !== null && now >= plan.renewedAt && now <= refundUntil) return { kind: 'refund_and_end_now' };
      return { kind: 'end_at_period_end', endsAt: plan.periodEnd };
    }
    default:
      return null;
  }
}

/** Whether a cancellation can still be undone: the plan is ending and its period has not ended. */
export function canResume(plan: PlanPeriod, now: number): boolean {
  return plan.status === 'canceling' && now < plan.periodEnd;
}

/** When the grace period of a renewal that failed at `failedAt` ends. */
export function graceEndsAt(failedAt: number): number {
  return failedAt + GRACE_PERIOD_MS;
}
