/**
 * Subscriptions: create, retrieve, list (not canceled ones unless asked, as Stripe lists), and
 * the changes in subscription-changes.ts (update, cancel). One recurring price per item, every
 * item on the same interval; trials, schedules and quantity changes are not spoken here.
 */
import { findCustomer } from './customers.ts';
import { invalidRequest, missingParam } from './errors.ts';
import { listOf } from './list.ts';
import { allowOnly, metadata, objectList, optionalBoolean, optionalInteger, optionalString, requiredString } from './params.ts';
import { customersPaymentMethod } from './payment-method-attachments.ts';
import { findPrice } from './prices.ts';
import { json, type RequestContext, type Route } from './route.ts';
import type { LocalStripeStore } from './store.ts';
import { subscriptionChangeRoutes } from './subscription-changes.ts';
import { findSubscription, type ItemInput } from './subscription-objects.ts';
import { PAYMENT_BEHAVIORS, startSubscription, type PaymentBehavior } from './subscription-start.ts';

const CREATE_PARAMS = [
  'customer', 'items', 'default_payment_method', 'payment_behavior', 'metadata', 'description',
  'cancel_at_period_end', 'off_session', 'collection_method', 'proration_behavior', 'payment_settings',
];

/** `items[n][price]` and `items[n][quantity]`: recurring prices sharing one currency and interval. */
export function readItems(store: LocalStripeStore, given: RequestContext['params'][] | undefined, name: string): ItemInput[] {
  if (given === undefined || given.length === 0) throw missingParam(name);
  const items = given.map((item, index) => {
    allowOnly(item, ['price', 'quantity', 'metadata']);
    const param = `${name}[${index}][price]`;
    const price = findPrice(store, requiredString(item, 'price'), param);
    if (price.recurring === null) {
      throw invalidRequest(
        'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
        param,
      );
    }
    if (!price.active) throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, param);
    const quantity = optionalInteger(item, 'quantity') ?? 1;
    if (quantity < 1) throw invalidRequest('Quantity must be at least 1.', `${name}[${index}][quantity]`);
    return { price, quantity };
  });
  const [first] = items;
  const mixed = items.some(
    ({ price }) =>
      price.currency !== first?.price.currency ||
      price.recurring?.interval !== first.price.recurring?.interval ||
      price.recurring?.interval_count !== first.price.recurring?.interval_count,
  );
  if (mixed) throw invalidRequest('All prices on a subscription must have the same currency and recurring interval.', name);
  return items;
}

export function readPaymentBehavior(params: RequestContext['params']): PaymentBehavior {
  const given = optionalString(params, 'payment_behavior') ?? 'allow_incomplete';
  const behavior = PAYMENT_BEHAVIORS.find((known) => known === given);
  if (behavior === undefined) {
    throw invalidRequest(`The local Stripe supports payment_behavior ${PAYMENT_BEHAVIORS.join(', ')}, not ${given}.`, 'payment_behavior');
  }
  return behavior;
}

function create(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, CREATE_PARAMS);
  const customer = findCustomer(store, requiredString(params, 'customer'), 'customer');
  const items = readItems(store, objectList(params, 'items'), 'items');
  const collection = optionalString(params, 'collection_method') ?? 'charge_automatically';
  if (collection !== 'charge_automatically') {
    throw invalidRequest('The local Stripe supports collection_method=charge_automatically only.', 'collection_method');
  }
  const methodId = optionalString(params, 'default_payment_method');
  const method = methodId === undefined ? undefined : customersPaymentMethod(store, customer, methodId, 'default_payment_method');
  const input = {
    customer,
    items,
    defaultPaymentMethod: method?.id ?? null,
    metadata: metadata(params),
    description: optionalString(params, 'description') ?? null,
    cancelAtPeriodEnd: optionalBoolean(params, 'cancel_at_period_end') ?? false,
  };
  return json(startSubscription(context, input, readPaymentBehavior(params)));
}

/** Stripe's default list leaves canceled subscriptions out; `status=all` brings them back. */
function list(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  const customer = optionalString(params, 'customer');
  const status = optionalString(params, 'status');
  const price = optionalString(params, 'price');
  const clock = optionalString(params, 'test_clock');
  const rows = store.subscriptions
    .newestFirst()
    .filter(
      (subscription) =>
        (customer === undefined || subscription.customer === customer) &&
        (status === 'all' || (status === undefined ? subscription.status !== 'canceled' : subscription.status === status)) &&
        (price === undefined || subscription.items.data.some((item) => item.price.id === price)) &&
        (clock === undefined || subscription.test_clock === clock),
    );
  return json(listOf('/v1/subscriptions', rows, params));
}

export const subscriptionRoutes: readonly Route[] = [
  { method: 'POST', path: '/v1/subscriptions', handle: create },
  { method: 'GET', path: '/v1/subscriptions', handle: list },
  {
    method: 'GET',
    path: '/v1/subscriptions/:id',
    handle: ({ store, pathParams }) => json(findSubscription(store, pathParams.id ?? '')),
  },
  ...subscriptionChangeRoutes,
];
