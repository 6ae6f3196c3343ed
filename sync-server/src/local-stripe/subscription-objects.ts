/**
 * The shapes of a subscription and its items, typed by the SDK. Since Stripe's 2025 API versions
 * the billing period lives on each item (`items.data[].current_period_start/end`), not on the
 * subscription; every item of a subscription here shares one period.
 */
import type Stripe from 'stripe';
import { timeOn } from './billing-time.ts';
import { noSuch } from './errors.ts';
import { newId } from './ids.ts';
import type { LocalStripeStore } from './store.ts';

export function findSubscription(store: LocalStripeStore, id: string, param?: string): Stripe.Subscription {
  const subscription = store.subscriptions.get(id);
  if (subscription === undefined) throw noSuch('subscription', id, param);
  return subscription;
}

export interface ItemInput {
  readonly price: Stripe.Price;
  readonly quantity: number;
}

export interface SubscriptionInput {
  readonly customer: Stripe.Customer;
  readonly items: readonly ItemInput[];
  readonly defaultPaymentMethod: string | null;
  readonly metadata: Stripe.Metadata;
  readonly description: string | null;
  readonly cancelAtPeriodEnd: boolean;
}

/** The legacy Plan view of a recurring price, still part of every subscription item. */
function planOf(price: Stripe.Price): Stripe.Plan {
  const recurring = price.recurring ?? { interval: 'month', interval_count: 1 };
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: null,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: { ...price.metadata },
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function buildSubscription(
  store: LocalStripeStore,
  input: SubscriptionInput,
  period: { readonly start: number; readonly end: number },
): Stripe.Subscription {
  const id = newId('sub');
  const items: Stripe.SubscriptionItem[] = input.items.map(({ price, quantity }) => ({
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: period.start,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price: structuredClone(price),
    quantity,
    subscription: id,
    tax_rates: [],
  }));
  const currency = input.items[0]?.price.currency ?? 'usd';
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: period.start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: input.cancelAtPeriodEnd ? period.end : null,
    cancel_at_period_end: input.cancelAtPeriodEnd,
    canceled_at: input.cancelAtPeriodEnd ? period.start : null,
    cancellation_details: {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: input.cancelAtPeriodEnd ? 'cancellation_requested' : null,
    },
    collection_method: 'charge_automatically',
    created: period.start,
    currency,
    customer: input.customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: input.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: input.description,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: { ...input.metadata },
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: period.start,
    status: 'incomplete',
    test_clock: typeof input.customer.test_clock === 'string' ? input.customer.test_clock : null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

export function subscriptionTime(store: LocalStripeStore, subscription: Stripe.Subscription): number {
  return timeOn(store, subscription.test_clock);
}

/** The shared period of the subscription's items. */
export function periodOf(subscription: Stripe.Subscription): { start: number; end: number } {
  const item = subscription.items.data[0];
  return { start: item?.current_period_start ?? subscription.start_date, end: item?.current_period_end ?? subscription.start_date };
}

export function setPeriod(subscription: Stripe.Subscription, start: number, end: number): void {
  for (const item of subscription.items.data) {
    item.current_period_start = start;
    item.current_period_end = end;
  }
}

/** The price's recurrence that sets the subscription's periods (every item shares it). */
export function recurrenceOf(subscription: Stripe.Subscription): Stripe.Price.Recurring {
  const recurring = subscription.items.data[0]?.price.recurring;
  if (recurring === null || recurring === undefined) throw new Error(`subscription ${subscription.id} has no recurring price`);
  return recurring;
}

export function customerIdOfSubscription(subscription: Stripe.Subscription): string {
  return typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
}

/** A copy of the fields an update event reports as `previous_attributes`. */
export function snapshot(subscription: Stripe.Subscription, fields: readonly (keyof Stripe.Subscription)[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, structuredClone(subscription[field])]));
}
