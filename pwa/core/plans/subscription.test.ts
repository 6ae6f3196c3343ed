import { describe, expect, it } from 'vitest';
import { isPaid } from '#core/plans/account-type';
import {
  accountTypeForPlan,
  canResume,
  cancelOutcome,
  graceEndsAt,
  PLAN_STATUSES,
  planStatusOf,
  refundWindowEnd,
  type PlanPeriod,
} from '#core/plans/subscription';
import { CANCELLATION_TERMS, cancelConfirmText, cancelDoneText, graceNoticeText, outcomeOnDay } from '#core/plans/subscription-texts';
import { calendarDayInZone } from '#core/dates/calendar-day';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const renewedAt = Date.UTC(2026, 2, 1, 9, 30);
const periodEnd = Date.UTC(2026, 3, 1, 9, 30);
const renewed: PlanPeriod = { status: 'active', periodStart: renewedAt - HOUR, periodEnd, renewedAt };

describe('cancelling after a renewal', () => {
  it('refunds the renewal and ends the plan now just after it', () => {
    expect(cancelOutcome(renewed, renewedAt)).toEqual({ kind: 'refund_and_end_now' });
    expect(cancelOutcome(renewed, renewedAt + 1000)).toEqual({ kind: 'refund_and_end_now' });
  });

  it('still refunds at 47 h 59 min and at exactly 48 h', () => {
    expect(cancelOutcome(renewed, renewedAt + 47 * HOUR + 59 * MINUTE)).toEqual({ kind: 'refund_and_end_now' });
    expect(cancelOutcome(renewed, renewedAt + 48 * HOUR)).toEqual({ kind: 'refund_and_end_now' });
    expect(refundWindowEnd(renewed)).toBe(renewedAt + 48 * HOUR);
  });

  it('keeps Pro to the period end from the first millisecond after 48 h', () => {
    expect(cancelOutcome(renewed, renewedAt + 48 * HOUR + 1)).toEqual({ kind: 'end_at_period_end', endsAt: periodEnd });
  });

  it('keeps Pro to the period end when cancelled just before it ends', () => {
    expect(cancelOutcome(renewed, periodEnd - MINUTE)).toEqual({ kind: 'end_at_period_end', endsAt: periodEnd });
  });

  it('never refunds the first payment of a new plan, even at once', () => {
    const first: PlanPeriod = { ...renewed, renewedAt: null };
    expect(refundWindowEnd(first)).toBeNull();
    expect(cancelOutcome(first, renewedAt + MINUTE)).toEqual({ kind: 'end_at_period_end', endsAt: periodEnd });
  });

  it('ends a plan in grace now: its renewal was not paid, so nothing is refunded', () => {
    const grace: PlanPeriod = { ...renewed, status: 'grace' };
    expect(refundWindowEnd(grace)).toBeNull();
    expect(cancelOutcome(grace, renewedAt + HOUR)).toEqual({ kind: 'end_now' });
  });

  it('has nothing to cancel without a plan, before the first payment, or after the end', () => {
    for (const status of ['none', 'pending', 'ended'] as const) expect(cancelOutcome({ ...renewed, status }, renewedAt)).toBeNull();
  });
});

describe('undoing a cancellation', () => {
  const canceling: PlanPeriod = { ...renewed, status: 'canceling' };
  it('is possible until the period ends, and not from then on', () => {
    expect(canResume(canceling, periodEnd - 1)).toBe(true);
    expect(canResume(canceling, periodEnd)).toBe(false);
  });
  it('is not offered for a plan that is not ending', () => {
    expect(canResume(renewed, renewedAt + HOUR)).toBe(false);
    expect(canResume({ ...renewed, status: 'ended' }, renewedAt + HOUR)).toBe(false);
  });
});

describe('the account type a plan gives', () => {
  it('is paid while Pro is kept (active, ending later, in grace) and free otherwise', () => {
    const paid = PLAN_STATUSES.filter((status) => isPaid(accountTypeForPlan(status)));
    expect(paid).toEqual(['active', 'canceling', 'grace']);
  });

  it('follows the provider status: past due is grace, unpaid and cancelled are ended', () => {
    expect(planStatusOf('active', false)).toBe('active');
    expect(planStatusOf('active', true)).toBe('canceling');
    expect(planStatusOf('past_due', false)).toBe('grace');
    expect(planStatusOf('incomplete', false)).toBe('pending');
    for (const status of ['canceled', 'unpaid', 'incomplete_expired', 'paused'] as const) expect(planStatusOf(status, false)).toBe('ended');
  });

  it('gives a failed renewal seven days of grace', () => {
    expect(graceEndsAt(renewedAt)).toBe(renewedAt + 7 * 24 * HOUR);
  });
});

describe('the texts stated before confirming', () => {
  const utcDay = (instant: number) => calendarDayInZone(new Date(instant), 'UTC');

  it('name the end day when Pro lasts to the period end, and the refund inside 48 h', () => {
    const later = outcomeOnDay({ kind: 'end_at_period_end', endsAt: periodEnd }, utcDay);
    expect(cancelConfirmText(later)).toContain('You keep Pro until Wednesday, April 1, 2026');
    expect(cancelDoneText(later)).toContain('you can undo this until then');
    const refund = outcomeOnDay({ kind: 'refund_and_end_now' }, utcDay);
    expect(cancelConfirmText(refund)).toMatch(/refund that renewal \(\$15\).*ends now/);
    expect(cancelDoneText(refund)).toMatch(/\$15 is refunded/);
  });

  it('state every rule, with the 48 h window and the grace period', () => {
    expect(CANCELLATION_TERMS.join(' ')).toMatch(/48 hours after a renewal.*returns to Free.*undo.*7 days/);
    expect(graceNoticeText(utcDay(graceEndsAt(renewedAt)))).toContain('by Sunday, March 8, 2026');
  });
});
