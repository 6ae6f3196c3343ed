/**
 * A subscription's status changes, each announced as Stripe does: `customer.subscription.updated`
 * with the old values in `previous_attributes`, and `customer.subscription.deleted` when it ends.
 */
import type Stripe from 'stripe';
import type { EventRecorder, EventSource } from './events.ts';
import { snapshot } from './subscription-objects.ts';
import type { LocalStripeStore } from './store.ts';

export interface BillingContext extends EventSource {
  readonly store: LocalStripeStore;
  readonly events: EventRecorder;
}

/**
 * Moves the subscription to `status`. `announce` is false while the subscription is being made:
 * its `customer.subscription.created` event, recorded once the first payment is known, says it all.
 */
export function changeStatus(
  context: BillingContext,
  subscription: Stripe.Subscription,
  status: Stripe.Subscription.Status,
  announce: boolean,
): void {
  if (subscription.status === status) return;
  const previous = snapshot(subscription, ['status']);
  subscription.status = status;
  if (announce) context.events.record('customer.subscription.updated', subscription, context, previous);
}

export type EndReason = 'cancellation_requested' | 'payment_failed';

/**
 * Ends the subscription at `at`: no more invoices, no more retries of open ones. A cancellation
 * asked for earlier (at period end) keeps the `canceled_at` of the request.
 */
export function endSubscription(
  context: BillingContext,
  subscription: Stripe.Subscription,
  at: number,
  reason: EndReason,
): void {
  if (subscription.status === 'canceled') return;
  Object.assign(subscription, {
    status: 'canceled',
    ended_at: at,
    canceled_at: subscription.canceled_at ?? at,
    cancel_at: subscription.cancel_at ?? null,
    cancellation_details: { ...emptyCancellation(), ...subscription.cancellation_details, reason },
  } satisfies Partial<Stripe.Subscription>);
  for (const invoice of context.store.invoices.newestFirst()) {
    if (invoice.parent?.subscription_details?.subscription === subscription.id && invoice.status === 'open') {
      invoice.next_payment_attempt = null;
    }
  }
  context.events.record('customer.subscription.deleted', subscription, context);
}

export function emptyCancellation(): Stripe.Subscription.CancellationDetails {
  return { comment: null, feedback: null, feedback_option: null, reason: null };
}
