/**
 * Customers: create (optionally on a test clock, with a card saved and made the invoices' default),
 * retrieve, update, list. A customer's test clock is fixed at creation, as with Stripe.
 */
import type Stripe from 'stripe';
import { customerTime, findTestClock } from './billing-time.ts';
import { noSuch } from './errors.ts';
import { newId } from './ids.ts';
import { listOf } from './list.ts';
import { allowOnly, metadata, optionalObject, optionalString } from './params.ts';
import { assertAttachable, attachPaymentMethod, customersPaymentMethod } from './payment-method-attachments.ts';
import { resolvePaymentMethod } from './payment-methods.ts';
import { json, type RequestContext, type Route } from './route.ts';
import type { LocalStripeStore } from './store.ts';

export function findCustomer(store: LocalStripeStore, id: string, param?: string): Stripe.Customer {
  const customer = store.customers.get(id);
  if (customer === undefined) throw noSuch('customer', id, param);
  return customer;
}

/**
 * `invoice_settings[default_payment_method]`: one of the customer's own cards, or '' to clear it.
 * `attached` is the card saved by the same request: naming it by the test id it was made from
 * (`pm_card_visa` twice) means that card, as Stripe's test-clock guide does it.
 */
function readDefaultMethod(
  context: RequestContext,
  customer: Stripe.Customer,
  attached?: { readonly given: string; readonly method: Stripe.PaymentMethod },
): string | null | undefined {
  const settings = optionalObject(context.params, 'invoice_settings');
  if (settings === undefined) return undefined;
  allowOnly(settings, ['default_payment_method']);
  const id = optionalString(settings, 'default_payment_method');
  if (id === undefined) return undefined;
  if (id === '') return null;
  if (attached !== undefined && id === attached.given) return attached.method.id;
  const param = 'invoice_settings[default_payment_method]';
  return customersPaymentMethod(context.store, customer, id, param).id;
}

const FIELDS = ['email', 'name', 'description', 'phone'] as const;

function create(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, [...FIELDS, 'metadata', 'payment_method', 'invoice_settings', 'test_clock']);
  const clockId = optionalString(params, 'test_clock');
  if (clockId !== undefined) findTestClock(store, clockId, 'test_clock');
  const methodId = optionalString(params, 'payment_method');
  const method = methodId === undefined ? undefined : resolvePaymentMethod(store, methodId, 'payment_method');
  const customer: Stripe.Customer = {
    id: newId('cus'),
    object: 'customer',
    balance: 0,
    created: 0,
    default_source: null,
    description: optionalString(params, 'description') ?? null,
    email: optionalString(params, 'email') ?? null,
    name: optionalString(params, 'name') ?? null,
    phone: optionalString(params, 'phone') ?? null,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: metadata(params),
    shipping: null,
    test_clock: clockId ?? null,
  };
  customer.created = customerTime(store, customer);
  // The card is checked before the customer exists, so a refused card leaves nothing behind.
  if (method !== undefined) assertAttachable(store, method, customer.id);
  const attached = method === undefined || methodId === undefined ? undefined : { given: methodId, method };
  customer.invoice_settings.default_payment_method = readDefaultMethod(context, customer, attached) ?? null;
  store.customers.put(customer);
  context.events.record('customer.created', customer, context);
  if (method !== undefined) attachPaymentMethod(context, method, customer);
  return json(customer);
}

function update(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, [...FIELDS, 'metadata', 'invoice_settings']);
  const customer = findCustomer(store, context.pathParams.id ?? '');
  const defaultMethod = readDefaultMethod(context, customer);
  const previous: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = optionalString(params, field);
    if (value === undefined) continue;
    previous[field] = customer[field];
    customer[field] = value === '' ? null : value;
  }
  if (defaultMethod !== undefined) {
    previous.invoice_settings = { ...customer.invoice_settings };
    customer.invoice_settings.default_payment_method = defaultMethod;
  }
  if (params.metadata !== undefined) previous.metadata = customer.metadata;
  customer.metadata = metadata(params, customer.metadata);
  context.events.record('customer.updated', customer, context, previous);
  return json(customer);
}

export const customerRoutes: readonly Route[] = [
  { method: 'POST', path: '/v1/customers', handle: create },
  {
    method: 'GET',
    path: '/v1/customers',
    handle: ({ store, params }) => {
      const email = optionalString(params, 'email');
      const clock = optionalString(params, 'test_clock');
      const rows = store.customers
        .newestFirst()
        .filter((customer) => (email === undefined || customer.email === email) && (clock === undefined || customer.test_clock === clock));
      return json(listOf('/v1/customers', rows, params));
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    handle: ({ store, pathParams }) => json(findCustomer(store, pathParams.id ?? '')),
  },
  { method: 'POST', path: '/v1/customers/:id', handle: update },
];
