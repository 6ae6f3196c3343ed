import Stripe from 'stripe';
import { graceEndsAt, type ProviderSubscriptionStatus } from '#core/plans/subscription';
import { ApiError } from '../../http/api-error.ts';
import type { SubscriptionMirror } from './repo.ts';

/**
 * What the paid plan reads from the provider, through the SDK as for real Stripe: a subscription
 * with its current period and its latest invoice, the provider's "now" (a test clock's time when
 * the subscription runs on one, so renewals and the 48 h window are tested without waiting), the
 * payment behind an invoice (what a refund goes back to), and the live plan of a customer.
 */

export interface InvoiceFacts {
  readonly id: string;
  readonly status: Stripe.Invoice.Status | null;
  readonly billingReason: Stripe.Invoice.BillingReason | null;
  readonly createdMs: number;
  /** The first attempt to collect it (invoices are charged when finalized). */
  readonly firstAttemptMs: number;
  readonly amountPaidCents: number;
  readonly paidAtMs: number | null;
  readonly subscriptionId: string | null;
  readonly customerId: string | null;
}

export interface SubscriptionFacts extends SubscriptionMirror {
  readonly providerCustomerId: string;
  readonly latestInvoice: InvoiceFacts | null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value === null || value === undefined ? null : typeof value === 'string' ? value : value.id);
const ms = (seconds: number): number => seconds * 1000;

export function invoiceFacts(invoice: Stripe.Invoice): InvoiceFacts {
  const paidAt = invoice.status_transitions.paid_at;
  return {
    id: invoice.id,
    status: invoice.status,
    billingReason: invoice.billing_reason,
    createdMs: ms(invoice.created),
    firstAttemptMs: ms(invoice.status_transitions.finalized_at ?? invoice.created),
    amountPaidCents: invoice.amount_paid,
    paidAtMs: paidAt === null ? null : ms(paidAt),
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    customerId: idOf(invoice.customer),
  };
}

/** Live plans: the ones that give (or are about to give) Pro. */
export function isLive(status: Stripe.Subscription.Status): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}

function subscriptionFacts(subscription: Stripe.Subscription, latest: Stripe.Invoice | null): SubscriptionFacts {
  const item = subscription.items.data[0];
  const invoice = latest === null ? null : invoiceFacts(latest);
  const status = subscription.status as ProviderSubscriptionStatus;
  // A renewal began the current period when the period's own invoice is a paid cycle invoice.
  const renewedAtMs = invoice !== null && invoice.billingReason === 'subscription_cycle' && invoice.status === 'paid' ? (invoice.paidAtMs ?? invoice.firstAttemptMs) : null;
  const customerId = idOf(subscription.customer);
  if (customerId === null) throw new Error(`subscription ${subscription.id} has no customer`);
  return {
    providerSubscriptionId: subscription.id,
    providerCustomerId: customerId,
    status,
    currentPeriodStart: item === undefined ? null : new Date(ms(item.current_period_start)),
    currentPeriodEnd: item === undefined ? null : new Date(ms(item.current_period_end)),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    renewedAt: renewedAtMs === null ? null : new Date(renewedAtMs),
    latestInvoiceId: invoice?.id ?? null,
    // The grace period runs from the failed renewal's first attempt.
    graceUntil: status === 'past_due' && invoice !== null ? new Date(graceEndsAt(invoice.firstAttemptMs)) : null,
    testClock: idOf(subscription.test_clock),
    endedAt: subscription.ended_at === null ? null : new Date(ms(subscription.ended_at)),
    latestInvoice: invoice,
  };
}

/** A subscription as the provider has it now, with its latest invoice. */
export async function fetchSubscription(stripe: Stripe, id: string): Promise<SubscriptionFacts> {
  const subscription = await stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] });
  const latest = subscription.latest_invoice;
  const invoice = latest === null ? null : typeof latest === 'string' ? await stripe.invoices.retrieve(latest) : latest;
  return subscriptionFacts(subscription, invoice);
}

/** The customer's live plan at the provider (webhooks may not have told us yet), or null. */
export async function liveSubscriptionOf(stripe: Stripe, customerId: string): Promise<SubscriptionFacts | null> {
  const { data } = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
  const live = data.filter((subscription) => isLive(subscription.status)).sort((a, b) => b.created - a.created)[0];
  return live === undefined ? null : fetchSubscription(stripe, live.id);
}

/** The provider's time for a subscription: its test clock's when it has one, else the real time. */
export async function providerNow(stripe: Stripe, testClock: string | null): Promise<number> {
  if (testClock === null) return Date.now();
  const clock = await stripe.testHelpers.testClocks.retrieve(testClock);
  return ms(clock.frozen_time);
}

/** The PaymentIntent that paid an invoice: what a refund of that invoice goes back to. */
export async function paymentIntentOfInvoice(stripe: Stripe, invoiceId: string): Promise<string | null> {
  const { data } = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 });
  const paid = data.find((payment) => payment.status === 'paid') ?? data[0];
  return idOf(paid?.payment.payment_intent);
}

/** Provider failures that are not the request's: unreachable, or its own error. */
export function providerUnavailable(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError('UNAVAILABLE', 'Error: The payment service cannot be reached right now. Nothing was changed. Try again in a few minutes.', {
    cause: error,
  });
}

/** Runs provider calls, turning their failures into a 503 with words. */
export async function atProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerUnavailable(error);
  }
}
