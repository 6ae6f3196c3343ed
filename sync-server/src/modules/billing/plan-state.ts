import { PRICES_CENTS } from '#core/plans/prices';
import { canResume, cancelOutcome, planStatusOf, refundWindowEnd, type CancelOutcome, type PlanPeriod } from '#core/plans/subscription';
import type { CancelOutcomeReply, PlanState } from '#core/schemas/billing';
import { findUserDetails } from '../accounts/users-repo.ts';
import type { BillingDeps } from './customer.ts';
import { providerNow } from './provider.ts';
import { currentSubscription, findCustomerId, type SubscriptionMirror, type SubscriptionRow } from './repo.ts';

/**
 * The person's plan as the verified webhooks left it (`GET /api/billing/subscription`, and with
 * `refreshUser`), with what Cancel would do now by the rule in `pwa/core/plans`.
 */

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

type PeriodFields = Pick<SubscriptionMirror, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodStart' | 'currentPeriodEnd' | 'renewedAt'>;

/** The plan's current period, as the rule reads it. */
export function periodOf(row: PeriodFields): PlanPeriod {
  return {
    status: planStatusOf(row.status, row.cancelAtPeriodEnd),
    periodStart: row.currentPeriodStart?.getTime() ?? 0,
    periodEnd: row.currentPeriodEnd?.getTime() ?? 0,
    renewedAt: row.renewedAt?.getTime() ?? null,
  };
}

export function outcomeReply(outcome: CancelOutcome, refundCents: number = PRICES_CENTS.proMonthly): CancelOutcomeReply {
  switch (outcome.kind) {
    case 'refund_and_end_now':
      return { kind: 'refund_and_end_now', refundCents };
    case 'end_at_period_end':
      return { kind: 'end_at_period_end', endsAt: new Date(outcome.endsAt).toISOString() };
    case 'end_now':
      return { kind: 'end_now' };
  }
}

/** `now` judges the rule (a test clock's time in tests); `checkedAt` is when this answer was made. */
export function planStateOf(row: SubscriptionRow | null, accountType: number, hasBillingAccount: boolean, now: number, checkedAtMs = Date.now()): PlanState {
  const checkedAt = new Date(checkedAtMs).toISOString();
  if (row === null) {
    return {
      accountType,
      status: 'none',
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      renewedAt: null,
      refundUntil: null,
      graceUntil: null,
      notice: null,
      cancelOutcome: null,
      canResume: false,
      hasBillingAccount,
      checkedAt,
    };
  }
  const period = periodOf(row);
  const outcome = cancelOutcome(period, now);
  const refundUntil = refundWindowEnd(period);
  return {
    accountType,
    status: period.status,
    currentPeriodStart: iso(row.currentPeriodStart),
    currentPeriodEnd: iso(row.currentPeriodEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    renewedAt: iso(row.renewedAt),
    refundUntil: refundUntil === null ? null : new Date(refundUntil).toISOString(),
    graceUntil: period.status === 'grace' ? iso(row.graceUntil) : null,
    notice: period.status === 'grace' ? 'payment_failed' : null,
    cancelOutcome: outcome === null ? null : outcomeReply(outcome),
    canResume: canResume(period, now),
    hasBillingAccount,
    checkedAt,
  };
}

/** The time a plan is judged at: its test clock's (test mode), else now; now when the clock cannot be read. */
async function nowFor(deps: BillingDeps, testClock: string | null): Promise<number> {
  if (testClock === null) return Date.now();
  try {
    return await providerNow(deps.payments.client(), testClock);
  } catch {
    // The plan is still worth showing (refreshUser answers it): the rule's window is then judged now.
    return Date.now();
  }
}

/** The person's plan now. A plan on a test clock (test mode only) is judged at the clock's time. */
export async function readPlanState(deps: BillingDeps, userId: string): Promise<PlanState> {
  const [row, details, customerId] = await Promise.all([
    currentSubscription(deps.sql, userId),
    findUserDetails(deps.sql, userId),
    findCustomerId(deps.sql, userId, deps.payments.mode),
  ]);
  const now = await nowFor(deps, row?.testClock ?? null);
  return planStateOf(row, details?.accountType ?? 0, customerId !== null && row !== null, now);
}
