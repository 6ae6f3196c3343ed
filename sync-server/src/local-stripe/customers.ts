/** Customers: create and retrieve. */
import type Stripe from 'stripe';
import { noSuch } from './errors.ts';
import { newId } from './ids.ts';
import { allowOnly, metadata, optionalString } from './params.ts';
import { json, type Route } from './route.ts';
import type { LocalStripeStore } from './store.ts';

export function findCustomer(store: LocalStripeStore, id: string, param?: string): Stripe.Customer {
  const customer = store.customers.get(id);
  if (customer === undefined) throw noSuch('customer', id, param);
  return customer;
}

export const customerRoutes: readonly Route[] = [
  {
    method: 'POST',
    path: '/v1/customers',
    handle: (context) => {
      const { params, store } = context;
      allowOnly(params, ['email', 'name', 'description', 'phone', 'metadata']);
      const customer: Stripe.Customer = store.customers.put({
        id: newId('cus'),
        object: 'customer',
        balance: 0,
        created: store.nowSeconds(),
        default_source: null,
        description: optionalString(params, 'description') ?? null,
        email: optionalString(params, 'email') ?? null,
        name: optionalString(params, 'name') ?? null,
        phone: optionalString(params, 'phone') ?? null,
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
        livemode: false,
        metadata: metadata(params),
        shipping: null,
      });
      context.events.record('customer.created', customer, context);
      return json(customer);
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    handle: ({ store, pathParams }) => json(findCustomer(store, pathParams.id ?? '')),
  },
];
