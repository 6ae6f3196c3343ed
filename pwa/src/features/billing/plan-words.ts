import { calendarDayInLocalZone, formatLongDay, lazyFormat, type CalendarDay } from '#core/dates/calendar-day';
import { formatUsd, PRICES_CENTS } from '#core/plans/prices';
import { graceNoticeText, type CancelOutcomeOnDay } from '#core/plans/subscription-texts';
import type { CancelOutcomeReply, PlanState } from '#core/schemas/billing';

/**
 * How the account pages put a plan into words. The rules' own sentences come from
 * #core/plans/subscription-texts; this turns the server's instants into days in the person's own
 * time zone (the server's messages use UTC, which can be a day off for them).
 */

/** The day an instant falls on here. */
export function localDay(instant: string): CalendarDay {
  return calendarDayInLocalZone(new Date(instant));
}

/** The server's outcome, with its end as a day here, as the rule's texts take it. */
export function outcomeOnLocalDay(outcome: CancelOutcomeReply): CancelOutcomeOnDay {
  switch (outcome.kind) {
    case 'refund_and_end_now':
      return outcome;
    case 'end_at_period_end':
      return { kind: 'end_at_period_end', endsOn: localDay(outcome.endsAt) };
    case 'end_now':
      return outcome;
  }
}

/** One line of the plan's facts. */
export interface PlanFact {
  readonly term: string;
  readonly detail: string;
}

const proPrice = formatUsd(PRICES_CENTS.proMonthly);
const longDay = (instant: string | null) => (instant === null ? null : formatLongDay(localDay(instant)));

/** What the plan section lists for a plan: its state and the dates that matter in it. */
export function planFacts(plan: PlanState): PlanFact[] {
  const periodEnd = longDay(plan.currentPeriodEnd);
  switch (plan.status) {
    case 'none':
      return [{ term: 'Subscription', detail: 'None: your account is Free.' }];
    case 'pending':
      return [{ term: 'Subscription', detail: 'Pro, confirming your first payment …' }];
    case 'active':
      return [
        { term: 'Subscription', detail: `Pro, ${proPrice} a month` },
        ...(periodEnd === null ? [] : [{ term: 'Next payment', detail: `${proPrice} on ${periodEnd}` }]),
      ];
    case 'canceling':
      return [
        { term: 'Subscription', detail: periodEnd === null ? 'Pro, cancelled' : `Pro, cancels on ${periodEnd}` },
        ...(periodEnd === null ? [] : [{ term: 'Ends on', detail: `${periodEnd}: nothing more is charged` }]),
      ];
    case 'grace':
      return [{ term: 'Subscription', detail: 'Pro, last payment failed' }];
    case 'ended':
      return [{ term: 'Subscription', detail: 'Ended: your account is Free again.' }];
  }
}

/** The notice while a failed renewal's grace period runs; null otherwise. */
export function graceNotice(plan: PlanState): string | null {
  if (plan.notice !== 'payment_failed' || plan.graceUntil === null) return null;
  return graceNoticeText(localDay(plan.graceUntil));
}

const CHECKED = lazyFormat(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

/** 'Nov 24, 2026, 3:05 PM': when the server last described the plan. */
export function checkedAtText(plan: PlanState): string {
  return CHECKED().format(new Date(plan.checkedAt));
}
