import { accountTypeForPlan, type PlanStatus } from '#core/plans/subscription';
import type { PlanState } from '#core/schemas/billing';

/**
 * Plans as the server describes them, for the screens' tests. The month is March 2031 (UTC
 * instants at 14:30, so the day is the same in the tests' zone and in New York).
 */

export const PERIOD_START = '2031-03-01T14:30:00.000Z';
export const PERIOD_END = '2031-03-31T14:30:00.000Z';
export const CHECKED_AT = '2031-03-10T15:05:00.000Z';

const NONE: PlanState = {
  accountType: 0,
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
  hasBillingAccount: false,
  checkedAt: CHECKED_AT,
};

/** A plan in `status`, with the fields the server sets for it; `changes` on top. */
export function planIn(status: PlanStatus, changes: Partial<PlanState> = {}): PlanState {
  if (status === 'none') return { ...NONE, ...changes };
  const period = { currentPeriodStart: PERIOD_START, currentPeriodEnd: PERIOD_END, hasBillingAccount: true };
  const base: PlanState = { ...NONE, ...period, status, accountType: accountTypeForPlan(status) };
  switch (status) {
    case 'active':
      return { ...base, cancelOutcome: { kind: 'end_at_period_end', endsAt: PERIOD_END }, ...changes };
    case 'canceling':
      return { ...base, cancelAtPeriodEnd: true, canResume: true, cancelOutcome: { kind: 'end_at_period_end', endsAt: PERIOD_END }, ...changes };
    case 'grace':
      return { ...base, notice: 'payment_failed', graceUntil: '2031-04-07T14:30:00.000Z', cancelOutcome: { kind: 'end_now' }, ...changes };
    case 'pending':
    case 'ended':
      return { ...base, ...changes };
  }
}

/** An active plan renewed a day ago: cancelling now refunds the renewal. */
export function renewedYesterday(): PlanState {
  return planIn('active', {
    renewedAt: '2031-03-01T15:30:00.000Z',
    refundUntil: '2031-03-03T15:30:00.000Z',
    cancelOutcome: { kind: 'refund_and_end_now', refundCents: 1500 },
  });
}
