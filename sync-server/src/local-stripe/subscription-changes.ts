/**
 * Changing a subscription: cancel at period end (and undo it while the period lasts), its default
 * card, metadata; and cancelling at once. A canceled subscription only takes new metadata and
 * cancellation details, and cannot be canceled again (Stripe answers that as a missing one).
 */
import type Stripe from 'stripe';
import { findCustomer } from './customers.ts';
import { invalidRequest, noSuch } from './errors.ts';
import type { FormObject } from './form.ts';
import { allowOnly, metadata, optionalBoolean, optionalObject, optionalString } from './params.ts';
import { customersPaymentMethod } from './payment-method-attachments.ts';
import { json, type RequestContext, type Route } from './route.ts';
import {
  customerIdOfSubscription,
  findSubscription,
  periodOf,
  snapshot,
  subscriptionTime,
} from './subscription-objects.ts';
import { emptyCancellation, endSubscription, type BillingContext } from './subscription-status.ts';

const ENDED: readonly Stripe.Subscription.Status[] = ['canceled', 'incomplete_expired'];

const FEEDBACK: readonly string[] = [
  'customer_service', 'low_quality', 'missing_features', 'other', 'switched_service', 'too_complex', 'too_expensive', 'unused',
];

/** `cancellation_details[comment]` and `[feedback]`, when given. */
function readCancellationDetails(params: FormObject): Partial<Stripe.Subscription.CancellationDetails> {
  const given = optionalObject(params, 'cancellation_details');
  if (given === undefined) return {};
  allowOnly(given, ['comment', 'feedback']);
  const feedback = optionalString(given, 'feedback');
  if (feedback !== undefined && feedback !== '' && !FEEDBACK.includes(feedback)) {
    throw invalidRequest(`Invalid cancellation_details[feedback]: ${feedback}`, 'cancellation_details[feedback]');
  }
  const comment = optionalString(given, 'comment');
  return {
    ...(comment === undefined ? {} : { comment: comment === '' ? null : comment }),
    ...(feedback === undefined ? {} : { feedback: feedback === '' ? null : feedback }),
  };
}

/**
 * Asks for the subscription to end when its period does (`true`), or takes that back (`false`).
 * Returns the old values of what changed, for the update event.
 */
export function setCancelAtPeriodEnd(
  context: BillingContext,
  subscription: Stripe.Subscription,
  cancel: boolean,
): Record<string, unknown> {
  if (subscription.cancel_at_period_end === cancel) return {};
  const previous = snapshot(subscription, ['cancel_at_period_end', 'cancel_at', 'canceled_at', 'cancellation_details']);
  Object.assign(subscription, {
    cancel_at_period_end: cancel,
    cancel_at: cancel ? periodOf(subscription).end : null,
    canceled_at: cancel ? subscriptionTime(context.store, subscription) : null,
    cancellation_details: cancel
      ? { ...emptyCancellation(), ...subscription.cancellation_details, reason: 'cancellation_requested' }
      : emptyCancellation(),
  } satisfies Partial<Stripe.Subscription>);
  return previous;
}

function update(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, [
    'cancel_at_period_end', 'default_payment_method', 'metadata', 'description', 'cancellation_details',
    'proration_behavior', 'payment_behavior',
  ]);
  const subscription = findSubscription(store, context.pathParams.id ?? '');
  const changing = Object.keys(params).filter((key) => !['expand', 'metadata', 'cancellation_details'].includes(key));
  if (ENDED.includes(subscription.status) && changing.length > 0) {
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
  }
  const cancel = optionalBoolean(params, 'cancel_at_period_end');
  if (subscription.status === 'incomplete' && cancel !== undefined) {
    throw invalidRequest('An incomplete subscription cannot be set to cancel at period end; cancel it instead.', 'cancel_at_period_end');
  }
  const previous: Record<string, unknown> = cancel === undefined ? {} : setCancelAtPeriodEnd(context, subscription, cancel);
  const methodId = optionalString(params, 'default_payment_method');
  if (methodId !== undefined) {
    const customer = findCustomer(store, customerIdOfSubscription(subscription));
    previous.default_payment_method = subscription.default_payment_method;
    subscription.default_payment_method =
      methodId === '' ? null : customersPaymentMethod(store, customer, methodId, 'default_payment_method').id;
  }
  const description = optionalString(params, 'description');
  if (description !== undefined) {
    previous.description = subscription.description;
    subscription.description = description === '' ? null : description;
  }
  const details = readCancellationDetails(params);
  if (Object.keys(details).length > 0) {
    previous.cancellation_details = { ...subscription.cancellation_details };
    subscription.cancellation_details = { ...emptyCancellation(), ...subscription.cancellation_details, ...details };
  }
  if (params.metadata !== undefined) previous.metadata = { ...subscription.metadata };
  subscription.metadata = metadata(params, subscription.metadata);
  if (Object.keys(previous).length > 0) {
    context.events.record('customer.subscription.updated', subscription, context, previous);
  }
  return json(subscription);
}

/** Cancels at once; `invoice_now` and `prorate` are accepted and change nothing (nothing is pending). */
function cancel(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, ['invoice_now', 'prorate', 'cancellation_details']);
  optionalBoolean(params, 'invoice_now');
  optionalBoolean(params, 'prorate');
  const id = context.pathParams.id ?? '';
  const subscription = findSubscription(store, id);
  if (ENDED.includes(subscription.status)) throw noSuch('subscription', id);
  const details = readCancellationDetails(params);
  subscription.cancellation_details = { ...emptyCancellation(), ...subscription.cancellation_details, ...details };
  const at = subscriptionTime(store, subscription);
  subscription.canceled_at = at;
  endSubscription(context, subscription, at, 'cancellation_requested');
  return json(subscription);
}

export const subscriptionChangeRoutes: readonly Route[] = [
  { method: 'POST', path: '/v1/subscriptions/:id', handle: update },
  { method: 'DELETE', path: '/v1/subscriptions/:id', handle: cancel },
];
