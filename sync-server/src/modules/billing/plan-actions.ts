import Stripe from 'stripe';
import { GRACE_MARK, paymentIntentOfInvoice, type SubscriptionFacts } from './provider.ts';

/**
 * The changes this server asks the provider for, each safe to ask again (a retried request or a
 * redelivered webhook asks for the same thing and changes nothing more): end a plan now, refund the
 * renewal that began its period, and hold a failed renewal's grace end as the plan's `cancel_at`,
 * so the provider itself ends the plan then (on its own clock, a test clock included).
 */

/** Ends the plan now, without a prorated credit or a final invoice; fine when it has ended already. */
export async function endNow(stripe: Stripe, subscriptionId: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionId, { prorate: false, invoice_now: false });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    // Refused: either it has ended already (fine) or something else is wrong (rethrown).
    const now = await stripe.subscriptions.retrieve(subscriptionId);
    if (now.status !== 'canceled' && now.status !== 'incomplete_expired') throw error;
  }
}

/**
 * Refunds the invoice that renewed the plan (in full) and then ends the plan. Refund first: if
 * ending fails, the retry refunds nothing more (same idempotency key) and ends it.
 */
export async function refundRenewalAndEnd(stripe: Stripe, subscription: SubscriptionFacts): Promise<number> {
  const invoice = subscription.latestInvoice;
  if (invoice === null) throw new Error(`subscription ${subscription.providerSubscriptionId} has no invoice to refund`);
  const paymentIntent = await paymentIntentOfInvoice(stripe, invoice.id);
  if (paymentIntent === null) throw new Error(`invoice ${invoice.id} has no payment to refund`);
  await stripe.refunds.create(
    { payment_intent: paymentIntent, metadata: { invoice_id: invoice.id, reason: 'cancelled_within_48_hours_of_renewal' } },
    { idempotencyKey: `renewal-refund-${invoice.id}` },
  );
  await endNow(stripe, subscription.providerSubscriptionId);
  return invoice.amountPaidCents;
}

/** A failed renewal: the plan ends at the grace end unless paid before (then `clearGraceEnd`). */
export async function holdGraceEnd(stripe: Stripe, subscription: SubscriptionFacts): Promise<void> {
  if (subscription.graceUntil === null) return;
  const seconds = Math.floor(subscription.graceUntil.getTime() / 1000);
  await stripe.subscriptions.update(subscription.providerSubscriptionId, { cancel_at: seconds, metadata: { [GRACE_MARK]: String(seconds) } });
}

/** Paid again during grace: the plan renews as before. */
export async function clearGraceEnd(stripe: Stripe, subscription: SubscriptionFacts): Promise<void> {
  await stripe.subscriptions.update(subscription.providerSubscriptionId, { cancel_at: '', metadata: { [GRACE_MARK]: '' } });
}
