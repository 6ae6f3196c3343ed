/**
 * Test clocks (`stripe.testHelpers.testClocks`): a frozen time that customers made on it live at.
 * Advancing it runs, in order, everything their subscriptions would have done meanwhile
 * (renewals.ts). Unlike Stripe, which answers `advancing` and finishes a moment later, the
 * advance is done when the answer comes, `ready`; code that waits for `ready` works with both.
 * As with Stripe, one advance may cover at most two intervals of the shortest subscription on
 * the clock, and deleting a clock deletes its customers and their subscriptions.
 */
import type Stripe from 'stripe';
import { afterIntervals, DAY, findTestClock } from './billing-time.ts';
import { invalidRequest } from './errors.ts';
import { newId } from './ids.ts';
import { listOf } from './list.ts';
import { allowOnly, optionalInteger, optionalString } from './params.ts';
import { runDue } from './renewals.ts';
import { json, type RequestContext, type Route } from './route.ts';
import { recurrenceOf } from './subscription-objects.ts';

const LIVE: readonly Stripe.Subscription.Status[] = ['active', 'past_due', 'incomplete', 'trialing'];

function readFrozenTime(params: RequestContext['params']): number {
  const time = optionalInteger(params, 'frozen_time');
  if (time === undefined) throw invalidRequest('Missing required param: frozen_time.', 'frozen_time', 'parameter_missing');
  return time;
}

function subscriptionsOn(context: RequestContext, clockId: string): Stripe.Subscription[] {
  return context.store.subscriptions.newestFirst().filter((subscription) => subscription.test_clock === clockId);
}

/** The latest time one advance may reach: two intervals of the shortest live subscription. */
function advanceLimit(subscriptions: readonly Stripe.Subscription[], from: number): number {
  const limits = subscriptions
    .filter((subscription) => LIVE.includes(subscription.status))
    .map((subscription) => afterIntervals(from, recurrenceOf(subscription), 2));
  return limits.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...limits);
}

function advance(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, ['frozen_time']);
  const clock = findTestClock(store, context.pathParams.id ?? '');
  const target = readFrozenTime(params);
  if (target <= clock.frozen_time) {
    throw invalidRequest('The test clock can only be advanced to a time after its current frozen_time.', 'frozen_time');
  }
  const subscriptions = subscriptionsOn(context, clock.id).reverse();
  const limit = advanceLimit(subscriptions, clock.frozen_time);
  if (target > limit) {
    throw invalidRequest(
      `Cannot advance the test clock more than two intervals of its shortest subscription at once (at most to ${limit}).`,
      'frozen_time',
    );
  }
  Object.assign(clock, { status: 'advancing', status_details: { advancing: { target_frozen_time: target } } });
  context.events.record('test_helpers.test_clock.advancing', clock, context);
  runDue(context, subscriptions, target, (at) => {
    clock.frozen_time = at;
  });
  Object.assign(clock, { frozen_time: target, status: 'ready', status_details: {} });
  context.events.record('test_helpers.test_clock.ready', clock, context);
  return json(clock);
}

/** The clock goes, and with it its customers, their subscriptions and invoices. */
function remove(context: RequestContext): ReturnType<Route['handle']> {
  const { store } = context;
  const clock = findTestClock(store, context.pathParams.id ?? '');
  for (const subscription of subscriptionsOn(context, clock.id)) store.subscriptions.delete(subscription.id);
  for (const invoice of store.invoices.newestFirst()) {
    if (invoice.test_clock === clock.id) store.invoices.delete(invoice.id);
  }
  for (const customer of store.customers.newestFirst()) {
    if (customer.test_clock === clock.id) store.customers.delete(customer.id);
  }
  store.testClocks.delete(clock.id);
  context.events.record('test_helpers.test_clock.deleted', clock, context);
  const deleted: Stripe.TestHelpers.DeletedTestClock = { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
  return json(deleted);
}

export const testClockRoutes: readonly Route[] = [
  {
    method: 'POST',
    path: '/v1/test_helpers/test_clocks',
    handle: (context) => {
      const { params, store } = context;
      allowOnly(params, ['frozen_time', 'name']);
      const clock: Stripe.TestHelpers.TestClock = store.testClocks.put({
        id: newId('clock'),
        object: 'test_helpers.test_clock',
        created: store.nowSeconds(),
        deletes_after: store.nowSeconds() + 30 * DAY,
        frozen_time: readFrozenTime(params),
        livemode: false,
        name: optionalString(params, 'name') ?? null,
        status: 'ready',
        status_details: {},
      });
      context.events.record('test_helpers.test_clock.created', clock, context);
      return json(clock);
    },
  },
  {
    method: 'GET',
    path: '/v1/test_helpers/test_clocks',
    handle: ({ store, params }) => json(listOf('/v1/test_helpers/test_clocks', store.testClocks.newestFirst(), params)),
  },
  {
    method: 'GET',
    path: '/v1/test_helpers/test_clocks/:id',
    handle: ({ store, pathParams }) => json(findTestClock(store, pathParams.id ?? '')),
  },
  { method: 'POST', path: '/v1/test_helpers/test_clocks/:id/advance', handle: advance },
  { method: 'DELETE', path: '/v1/test_helpers/test_clocks/:id', handle: remove },
];
