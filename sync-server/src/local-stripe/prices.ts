/**
 * Prices: one-time or recurring, per unit. A `lookup_key` names at most one price, so a server
 * can find its price by a stable name and make it only when missing; taking a key another price
 * holds needs `transfer_lookup_key`, as with Stripe.
 */
import type Stripe from 'stripe';
import { invalidRequest, missingParam, noSuch } from './errors.ts';
import { newId } from './ids.ts';
import { listOf } from './list.ts';
import {
  allowOnly,
  metadata,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  requiredString,
  stringList,
} from './params.ts';
import { findProduct, makeProduct } from './products.ts';
import { json, type RequestContext, type Route } from './route.ts';
import type { LocalStripeStore } from './store.ts';

const INTERVALS: readonly Stripe.Price.Recurring.Interval[] = ['day', 'week', 'month', 'year'];

export function findPrice(store: LocalStripeStore, id: string, param?: string): Stripe.Price {
  const price = store.prices.get(id);
  if (price === undefined) throw noSuch('price', id, param);
  return price;
}

function readRecurring(params: RequestContext['params']): Stripe.Price.Recurring | null {
  const given = optionalObject(params, 'recurring');
  if (given === undefined) return null;
  allowOnly(given, ['interval', 'interval_count', 'usage_type']);
  const interval = optionalString(given, 'interval');
  if (interval === undefined) throw missingParam('recurring[interval]');
  if (!INTERVALS.includes(interval)) throw invalidRequest(`Invalid recurring[interval]: ${interval}`, 'recurring[interval]');
  const count = optionalInteger(given, 'interval_count') ?? 1;
  if (count < 1) throw invalidRequest('Invalid recurring[interval_count]: must be at least 1', 'recurring[interval_count]');
  if ((optionalString(given, 'usage_type') ?? 'licensed') !== 'licensed') {
    throw invalidRequest('The local Stripe supports licensed (not metered) prices only.', 'recurring[usage_type]');
  }
  return { interval, interval_count: count, meter: null, trial_period_days: null, usage_type: 'licensed' };
}

/** Frees `key` for a new price when asked to; refuses it while another price holds it otherwise. */
function claimLookupKey(context: RequestContext, key: string | undefined, transfer: boolean): void {
  if (key === undefined) return;
  const holder = context.store.prices.newestFirst().find((price) => price.lookup_key === key);
  if (holder === undefined) return;
  if (!transfer) {
    throw invalidRequest(
      `A price (\`${holder.id}\`) already uses that lookup key. Set \`transfer_lookup_key\` to move it to this price.`,
      'lookup_key',
    );
  }
  holder.lookup_key = null;
  context.events.record('price.updated', holder, context, { lookup_key: key });
}

function create(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, [
    'currency', 'unit_amount', 'product', 'product_data', 'recurring', 'lookup_key', 'transfer_lookup_key',
    'nickname', 'metadata', 'active', 'tax_behavior',
  ]);
  const currency = requiredString(params, 'currency').toLowerCase();
  const unitAmount = optionalInteger(params, 'unit_amount');
  if (unitAmount === undefined) throw missingParam('unit_amount');
  const recurring = readRecurring(params);
  const productId = optionalString(params, 'product');
  const productData = optionalObject(params, 'product_data');
  if (productId === undefined && productData === undefined) {
    throw invalidRequest('You must specify either `product` or `product_data` when creating a price.', 'product');
  }
  if (productId !== undefined && productData !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: product, product_data.', 'product');
  }
  if (productId !== undefined) findProduct(store, productId, 'product');
  const lookupKey = optionalString(params, 'lookup_key');
  claimLookupKey(context, lookupKey, optionalBoolean(params, 'transfer_lookup_key') ?? false);
  const product = productId ?? makeProduct(context, productData ?? {}).id;
  const price: Stripe.Price = store.prices.put({
    id: newId('price'),
    object: 'price',
    active: optionalBoolean(params, 'active') ?? true,
    billing_scheme: 'per_unit',
    created: store.nowSeconds(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey ?? null,
    metadata: metadata(params),
    nickname: optionalString(params, 'nickname') ?? null,
    product,
    recurring,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring === null ? 'one_time' : 'recurring',
    unit_amount: unitAmount,
    // The SDK turns Stripe's decimal strings into its own Decimal objects; the integer amount says it all.
    unit_amount_decimal: null,
  });
  context.events.record('price.created', price, context);
  return json(price);
}

function update(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, ['active', 'lookup_key', 'transfer_lookup_key', 'nickname', 'metadata']);
  const price = findPrice(store, context.pathParams.id ?? '');
  const lookupKey = optionalString(params, 'lookup_key');
  if (lookupKey !== undefined && lookupKey !== price.lookup_key) {
    claimLookupKey(context, lookupKey, optionalBoolean(params, 'transfer_lookup_key') ?? false);
  }
  const previous = { active: price.active, lookup_key: price.lookup_key, nickname: price.nickname };
  Object.assign(price, {
    active: optionalBoolean(params, 'active') ?? price.active,
    lookup_key: lookupKey === undefined ? price.lookup_key : lookupKey === '' ? null : lookupKey,
    nickname: optionalString(params, 'nickname') ?? price.nickname,
    metadata: metadata(params, price.metadata),
  } satisfies Partial<Stripe.Price>);
  context.events.record('price.updated', price, context, previous);
  return json(price);
}

function list(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  const active = optionalBoolean(params, 'active');
  const product = optionalString(params, 'product');
  const type = optionalString(params, 'type');
  const currency = optionalString(params, 'currency');
  const lookupKeys = stringList(params, 'lookup_keys');
  const rows = store.prices
    .newestFirst()
    .filter(
      (price) =>
        (active === undefined || price.active === active) &&
        (product === undefined || price.product === product) &&
        (type === undefined || price.type === type) &&
        (currency === undefined || price.currency === currency) &&
        (lookupKeys === undefined || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))),
    );
  return json(listOf('/v1/prices', rows, params));
}

export const priceRoutes: readonly Route[] = [
  { method: 'POST', path: '/v1/prices', handle: create },
  { method: 'GET', path: '/v1/prices', handle: list },
  {
    method: 'GET',
    path: '/v1/prices/:id',
    handle: ({ store, pathParams }) => json(findPrice(store, pathParams.id ?? '')),
  },
  { method: 'POST', path: '/v1/prices/:id', handle: update },
];
