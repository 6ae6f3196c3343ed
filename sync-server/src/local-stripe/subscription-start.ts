/**
 * Starting a subscription (the API's create, and Checkout when a buyer pays): the first period
 * begins at the customer's time, its invoice is made, finalized and, unless the caller confirms
 * it later (`default_incomplete`), charged at once. Paid: `active`. Not paid: `incomplete`
 * (`allow_incomplete`, the default), or nothing is made and the card's error is answered
 * (`error_if_incomplete`), as Stripe's `payment_behavior` says.
 */
import type Stripe from 'stripe';
import { afterIntervals, customerTime } from './billing-time.ts';
import { failureFor } from './charges.ts';
import { cardError, invalidRequest } from './errors.ts';
import { collectInvoice, finalizeInvoice } from './invoice-collection.ts';
import { buildInvoice } from './invoice-objects.ts';
import type { AttemptContext } from './payment-attempt.ts';
import { cardBehind } from './payment-methods.ts';
import { buildSubscription, type SubscriptionInput } from './subscription-objects.ts';

export const PAYMENT_BEHAVIORS = ['allow_incomplete', 'error_if_incomplete', 'default_incomplete'] as const;
export type PaymentBehavior = (typeof PAYMENT_BEHAVIORS)[number];

const NO_PAYMENT_METHOD =
  'This customer has no attached payment source or default payment method. Please consider adding a default ' +
  'payment method. For more information, visit https://docs.stripe.com/billing/subscriptions/payment-methods-setting#payment-method-priority.';

const REQUIRES_ACTION =
  'Payment for this subscription requires additional user action before it can be completed successfully. ' +
  'Create the subscription with payment_behavior=allow_incomplete or default_incomplete to complete it.';

/** What `error_if_incomplete` answers, before anything is made, when the first charge would not pay. */
function refuseUnpayable(context: AttemptContext, methodId: string): void {
  const { outcome } = cardBehind(context.store, methodId);
  if (outcome.kind === 'requires_authentication') {
    throw cardError({ code: 'subscription_payment_intent_requires_action', message: REQUIRES_ACTION });
  }
  const failure = failureFor(outcome);
  if (failure !== undefined) {
    throw cardError({ code: failure.code, decline_code: failure.declineCode, message: failure.message });
  }
}

export function startSubscription(
  context: AttemptContext,
  input: SubscriptionInput,
  behavior: PaymentBehavior,
): Stripe.Subscription {
  const { store } = context;
  const first = input.items[0];
  const recurring = first?.price.recurring;
  if (first === undefined || recurring === null || recurring === undefined) {
    throw invalidRequest('A subscription needs at least one item with a recurring price.', 'items');
  }
  const amount = input.items.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * item.quantity, 0);
  const fallback = input.customer.invoice_settings.default_payment_method;
  const methodId = input.defaultPaymentMethod ?? (typeof fallback === 'string' ? fallback : null);
  if (amount > 0 && behavior !== 'default_incomplete') {
    if (methodId === null) throw invalidRequest(NO_PAYMENT_METHOD);
    if (behavior === 'error_if_incomplete') refuseUnpayable(context, methodId);
  }
  const at = customerTime(store, input.customer);
  const period = { start: at, end: afterIntervals(at, recurring, 1) };
  const subscription = store.subscriptions.put(buildSubscription(store, input, period));
  const invoice = store.invoices.put(
    buildInvoice({
      subscription,
      customer: input.customer,
      reason: 'subscription_create',
      at,
      linePeriod: period,
      ownPeriod: { start: at, end: at },
    }),
  );
  subscription.latest_invoice = invoice.id;
  context.events.record('invoice.created', invoice, context);
  finalizeInvoice(context, invoice, at, false);
  if (invoice.status === 'open' && behavior !== 'default_incomplete') {
    collectInvoice(context, invoice, at, { announce: false });
  }
  if (invoice.status === 'paid') subscription.status = 'active';
  context.events.record('customer.subscription.created', subscription, context);
  return subscription;
}
