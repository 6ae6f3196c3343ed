/**
 * Saving a card to a customer (attach) and removing it (detach). Attaching checks the card with
 * its bank as Stripe does, so a card that declines every charge cannot be saved, except Stripe's
 * "decline after attaching" test card (…0341), which is saved and fails when billed later.
 */
import type Stripe from 'stripe';
import { failureFor } from './charges.ts';
import { findCustomer } from './customers.ts';
import { cardError, invalidRequest, noSuch } from './errors.ts';
import type { EventSource, EventRecorder } from './events.ts';
import { listOf } from './list.ts';
import { allowOnly, requiredString } from './params.ts';
import { cardBehind, resolvePaymentMethod } from './payment-methods.ts';
import { json, type Route } from './route.ts';
import type { LocalStripeStore } from './store.ts';

interface AttachContext extends EventSource {
  readonly store: LocalStripeStore;
  readonly events: EventRecorder;
}

export function customerIdOf(method: Stripe.PaymentMethod): string | null {
  return typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
}

/** Throws what attaching `method` to `customerId` would answer, if it would fail. */
export function assertAttachable(store: LocalStripeStore, method: Stripe.PaymentMethod, customerId: string): void {
  const owner = customerIdOf(method);
  if (owner !== null && owner !== customerId) {
    throw invalidRequest(`The payment method you provided has already been attached to a customer.`, 'payment_method');
  }
  const { outcome } = cardBehind(store, method.id);
  const failure = failureFor(outcome);
  if (failure !== undefined && !(outcome.kind === 'declined' && outcome.attaches === true)) {
    throw cardError({ code: failure.code, decline_code: failure.declineCode, message: failure.message });
  }
}

export function attachPaymentMethod(
  context: AttachContext,
  method: Stripe.PaymentMethod,
  customer: Stripe.Customer,
): Stripe.PaymentMethod {
  assertAttachable(context.store, method, customer.id);
  if (customerIdOf(method) === customer.id) return method;
  method.customer = customer.id;
  context.events.record('payment_method.attached', method, context);
  return method;
}

/** The customer's own payment method named by `id` (a 400 naming `param` otherwise), as Stripe checks. */
export function customersPaymentMethod(
  store: LocalStripeStore,
  customer: Stripe.Customer,
  id: string,
  param: string,
): Stripe.PaymentMethod {
  const method = store.paymentMethods.get(id);
  if (method === undefined || customerIdOf(method) !== customer.id) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      param,
      'resource_missing',
    );
  }
  return method;
}

export const attachmentRoutes: readonly Route[] = [
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/attach',
    handle: (context) => {
      allowOnly(context.params, ['customer']);
      const customer = findCustomer(context.store, requiredString(context.params, 'customer'), 'customer');
      const method = resolvePaymentMethod(context.store, context.pathParams.id ?? '', 'payment_method');
      return json(attachPaymentMethod(context, method, customer));
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/detach',
    handle: (context) => {
      allowOnly(context.params, []);
      const id = context.pathParams.id ?? '';
      const method = context.store.paymentMethods.get(id);
      if (method === undefined) throw noSuch('PaymentMethod', id);
      if (customerIdOf(method) === null) {
        throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.');
      }
      method.customer = null;
      context.events.record('payment_method.detached', method, context);
      return json(method);
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id/payment_methods',
    handle: ({ store, pathParams, params }) => {
      const customer = findCustomer(store, pathParams.id ?? '');
      const rows = store.paymentMethods.newestFirst().filter((method) => customerIdOf(method) === customer.id);
      return json(listOf(`/v1/customers/${customer.id}/payment_methods`, rows, params));
    },
  },
];
