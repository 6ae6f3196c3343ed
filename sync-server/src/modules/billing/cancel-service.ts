import { calendarDayInZone, type CalendarDay } from '#core/dates/calendar-day';
import { canResume, cancelOutcome } from '#core/plans/subscription';
import { cancelDoneText, outcomeOnDay, resumedText } from '#core/plans/subscription-texts';
import type { CancelResponse, ResumeResponse } from '#core/schemas/billing';
import { ApiError } from '../../http/api-error.ts';
import { existingCustomer, type BillingDeps } from './customer.ts';
import { endNow, refundRenewalAndEnd } from './plan-actions.ts';
import { outcomeReply, periodOf, readPlanState } from './plan-state.ts';
import { atProvider, liveSubscriptionOf, providerNow } from './provider.ts';
import { currentSubscription, markInvoiceRefunded } from './repo.ts';

/**
 * Cancel and undo, from /account or the dashboard, without writing an e-mail. The rule is judged
 * on the provider's current subscription (not on the mirror, which a webhook may not have brought
 * up to date yet) at the provider's time. The account type itself changes when the provider's
 * webhooks confirm the change; `plan` in the answer is the mirror as it stands.
 */

/** The server does not know the person's zone: days in its answers are UTC days. */
const utcDay = (instant: number): CalendarDay => calendarDayInZone(new Date(instant), 'UTC');

async function noLivePlan(deps: BillingDeps, userId: string): Promise<never> {
  const ended = await currentSubscription(deps.sql, userId);
  if (ended === null) throw new ApiError('NO_SUBSCRIPTION', "Only available if you've purchased a subscription.");
  throw new ApiError('NOT_RESUMABLE', 'Your Pro plan has ended. Upgrade again to get Pro back.');
}

export async function cancelPlan(deps: BillingDeps, userId: string): Promise<CancelResponse> {
  const customerId = await existingCustomer(deps, userId);
  const stripe = deps.payments.client();
  const done = await atProvider(async () => {
    const live = await liveSubscriptionOf(stripe, customerId);
    if (live === null) return null;
    const outcome = cancelOutcome(periodOf(live), await providerNow(stripe, live.testClock));
    if (outcome === null) return null;
    switch (outcome.kind) {
      case 'refund_and_end_now':
        return { outcome, live, refundCents: await refundRenewalAndEnd(stripe, live) };
      case 'end_now':
        await endNow(stripe, live.providerSubscriptionId);
        return { outcome, live, refundCents: 0 };
      case 'end_at_period_end':
        if (!live.cancelAtPeriodEnd) await stripe.subscriptions.update(live.providerSubscriptionId, { cancel_at_period_end: true });
        return { outcome, live, refundCents: 0 };
    }
  });
  if (done === null) {
    const ended = (await currentSubscription(deps.sql, userId)) !== null;
    throw new ApiError('NO_SUBSCRIPTION', ended ? 'Your Pro plan has already ended: there is nothing to cancel.' : "Only available if you've purchased a subscription.");
  }
  if (done.outcome.kind === 'refund_and_end_now' && done.live.latestInvoice !== null) await markInvoiceRefunded(deps.sql, done.live.latestInvoice.id);
  return {
    outcome: outcomeReply(done.outcome, done.refundCents),
    message: cancelDoneText(outcomeOnDay(done.outcome, utcDay, done.refundCents)),
    plan: await readPlanState(deps, userId),
  };
}

export async function resumePlan(deps: BillingDeps, userId: string): Promise<ResumeResponse> {
  const customerId = await existingCustomer(deps, userId);
  const stripe = deps.payments.client();
  const result = await atProvider(async () => {
    const live = await liveSubscriptionOf(stripe, customerId);
    if (live === null) return null;
    const period = periodOf(live);
    if (period.status === 'active') return { renewsAt: period.periodEnd };
    if (!canResume(period, await providerNow(stripe, live.testClock))) return { refused: period.status };
    await stripe.subscriptions.update(live.providerSubscriptionId, { cancel_at_period_end: false });
    return { renewsAt: period.periodEnd };
  });
  if (result === null) return noLivePlan(deps, userId);
  if ('refused' in result) {
    throw new ApiError(
      'NOT_RESUMABLE',
      result.refused === 'grace'
        ? 'Your last renewal payment did not go through: update your card in Manage Subscriptions to keep Pro.'
        : 'The month you paid for has ended, so there is no cancellation to undo. Upgrade again to get Pro back.',
    );
  }
  return { message: resumedText(utcDay(result.renewsAt)), plan: await readPlanState(deps, userId) };
}
