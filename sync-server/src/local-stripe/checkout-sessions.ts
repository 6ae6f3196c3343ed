/**
 * Checkout Sessions in `subscription` mode: create (for a `customer` or a `customer_email`), whose
 * `url` is the local test page (checkout-page.ts); retrieve (with `expand`), list, line items,
 * expire. A session is open for 24 hours unless `expires_at` says sooner, then it expires.
 */
import type Stripe from 'stripe';
import { findCustomer } from './customers.ts';
import { invalidRequest, noSuch } from './errors.ts';
import type { EventRecorder, EventSource } from './events.ts';
import type { FormObject } from './form.ts';
import { newId } from './ids.ts';
import { listOf } from './list.ts';
import { allowOnly, metadata, objectList, optionalInteger, optionalObject, optionalString, requiredString } from './params.ts';
import { HOUR } from './billing-time.ts';
import { json, type RequestContext, type Route } from './route.ts';
import type { LocalStripeStore } from './store.ts';
import { readItems } from './subscriptions.ts';

export const CHECKOUT_PATH = '/local-stripe/checkout';

const CREATE_PARAMS = [
  'mode', 'line_items', 'success_url', 'cancel_url', 'customer', 'customer_email', 'client_reference_id', 'metadata',
  'subscription_data', 'expires_at', 'payment_method_types', 'allow_promotion_codes', 'billing_address_collection',
  'locale', 'ui_mode',
];

export function findCheckoutSession(store: LocalStripeStore, id: string): Stripe.Checkout.Session {
  const session = store.checkoutSessions.get(id);
  if (session === undefined) throw noSuch('checkout.session', id);
  return session;
}

/** `line_items[n][price]` and `[quantity]` (required, as Stripe asks) as Checkout's LineItems. */
function readLineItems(store: LocalStripeStore, given: FormObject[] | undefined): Stripe.LineItem[] {
  for (const [index, item] of (given ?? []).entries()) {
    if (item.quantity === undefined) throw invalidRequest(`Quantity is required. Add \`quantity\` to \`line_items[${index}]\``, `line_items[${index}][quantity]`);
  }
  return readItems(store, given, 'line_items').map(({ price, quantity }) => {
    const product = typeof price.product === 'string' ? store.products.get(price.product) : undefined;
    const amount = (price.unit_amount ?? 0) * quantity;
    return {
      id: newId('li'),
      object: 'item',
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: product?.name ?? null,
      metadata: {},
      price: structuredClone(price),
      quantity,
    };
  });
}

function readExpiry(params: FormObject, now: number): number {
  const expiresAt = optionalInteger(params, 'expires_at') ?? now + 24 * HOUR;
  if (expiresAt < now + HOUR / 2 || expiresAt > now + 24 * HOUR) {
    throw invalidRequest('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
  }
  return expiresAt;
}

function create(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, CREATE_PARAMS);
  const mode = requiredString(params, 'mode');
  if (mode !== 'subscription') throw invalidRequest(`The local Stripe supports Checkout in subscription mode only, not ${mode}.`, 'mode');
  const uiMode = optionalString(params, 'ui_mode') ?? 'hosted_page';
  if (uiMode !== 'hosted_page') throw invalidRequest('The local Stripe serves hosted Checkout pages only.', 'ui_mode');
  const lineItems = readLineItems(store, objectList(params, 'line_items'));
  const successUrl = requiredString(params, 'success_url');
  const cancelUrl = optionalString(params, 'cancel_url') ?? null;
  for (const [name, url] of [['success_url', successUrl], ['cancel_url', cancelUrl]] as const) {
    if (url !== null && !URL.canParse(url.replaceAll('{CHECKOUT_SESSION_ID}', 'cs'))) throw invalidRequest('Not a valid URL', name, 'url_invalid');
  }
  const customerId = optionalString(params, 'customer');
  const email = optionalString(params, 'customer_email');
  if (customerId !== undefined && email !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  }
  const customer = customerId === undefined ? undefined : findCustomer(store, customerId, 'customer');
  const reference = optionalString(params, 'client_reference_id');
  if (reference !== undefined && reference.length > 200) throw invalidRequest('client_reference_id is longer than 200 characters.', 'client_reference_id');
  const subscriptionData = optionalObject(params, 'subscription_data') ?? {};
  allowOnly(subscriptionData, ['metadata', 'description']);
  const forSubscription = {
    metadata: metadata(subscriptionData),
    description: optionalString(subscriptionData, 'description') ?? null,
  };
  const now = store.nowSeconds();
  const total = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  const id = newId('cs_test');
  const session: Stripe.Checkout.Session = store.checkoutSessions.put({
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: cancelUrl,
    client_reference_id: reference ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency: lineItems[0]?.currency ?? null,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: customer?.id ?? null,
    customer_account: null,
    customer_creation: customer === undefined ? 'always' : null,
    customer_details: null,
    customer_email: customer?.email ?? email ?? null,
    discounts: [],
    expires_at: readExpiry(params, now),
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: metadata(params),
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${context.baseUrl}${CHECKOUT_PATH}/${id}`,
    wallet_options: null,
  });
  store.checkoutLineItems.set(id, lineItems);
  store.checkoutSubscriptionData.set(id, forSubscription);
  return json(session);
}

/** Open → expired, with its event; the page stops taking payments. */
export function expireSession(
  context: EventSource & { readonly events: EventRecorder },
  session: Stripe.Checkout.Session,
): void {
  Object.assign(session, { status: 'expired', url: null } satisfies Partial<Stripe.Checkout.Session>);
  context.events.record('checkout.session.expired', session, context);
}

/** Sessions whose `expires_at` has passed expire (caught up at each request, as renewals are). */
export function expireDueSessions(context: EventSource & { readonly store: LocalStripeStore; readonly events: EventRecorder }): void {
  const now = context.store.nowSeconds();
  for (const session of context.store.checkoutSessions.newestFirst()) {
    if (session.status === 'open' && session.expires_at <= now) expireSession(context, session);
  }
}

function list(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  const customer = optionalString(params, 'customer');
  const subscription = optionalString(params, 'subscription');
  const status = optionalString(params, 'status');
  const rows = store.checkoutSessions
    .newestFirst()
    .filter(
      (session) =>
        (customer === undefined || session.customer === customer) &&
        (subscription === undefined || session.subscription === subscription) &&
        (status === undefined || session.status === status),
    );
  return json(listOf('/v1/checkout/sessions', rows, params));
}

export const checkoutSessionRoutes: readonly Route[] = [
  { method: 'POST', path: '/v1/checkout/sessions', handle: create },
  { method: 'GET', path: '/v1/checkout/sessions', handle: list },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id',
    handle: ({ store, pathParams }) => json(findCheckoutSession(store, pathParams.id ?? '')),
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id/line_items',
    handle: ({ store, pathParams, params }) => {
      const session = findCheckoutSession(store, pathParams.id ?? '');
      return json(listOf(`/v1/checkout/sessions/${session.id}/line_items`, store.checkoutLineItems.get(session.id) ?? [], params));
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/expire',
    handle: (context) => {
      allowOnly(context.params, []);
      const session = findCheckoutSession(context.store, context.pathParams.id ?? '');
      if (session.status !== 'open') {
        throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired.`, undefined, 'checkout_session_unexpected_state');
      }
      expireSession(context, session);
      return json(session);
    },
  },
];
