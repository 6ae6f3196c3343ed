import Stripe from 'stripe';
import { paymentIntentOfInvoice, type SubscriptionFacts } from './provider.ts';

/**
 * The changes this server asks the provider for, each safe to ask again (a retried request or a
 * redelivered webhook asks for the same thing and changes nothing more): end a plan now, and
 * refund the renewal that began its period.
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
