/**
 * Invoices (made by subscriptions, never by hand here): retrieve, list, their lines, paying an
 * open one now (`pay`, as a person does after changing their card), and their InvoicePayments,
 * which lead to the PaymentIntent and so to the charge a refund is made against.
 */
import type Stripe from 'stripe';
import { timeOn } from './billing-time.ts';
import { findCustomer } from './customers.ts';
import { cardError, invalidRequest, noSuch } from './errors.ts';
import { collectInvoice, finalizeInvoice } from './invoice-collection.ts';
import { invoicePaymentOf, subscriptionIdOfInvoice } from './invoice-objects.ts';
import { listOf } from './list.ts';
import { allowOnly, optionalObject, optionalString } from './params.ts';
import { customersPaymentMethod } from './payment-method-attachments.ts';
import { json, type RequestContext, type Route } from './route.ts';
import type { LocalStripeStore } from './store.ts';

export function findInvoice(store: LocalStripeStore, id: string, param?: string): Stripe.Invoice {
  const invoice = store.invoices.get(id);
  if (invoice === undefined) throw noSuch('invoice', id, param);
  return invoice;
}

function customerIdOf(invoice: Stripe.Invoice): string | null {
  return typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? null);
}

function list(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  const customer = optionalString(params, 'customer');
  const subscription = optionalString(params, 'subscription');
  const status = optionalString(params, 'status');
  const rows = store.invoices
    .newestFirst()
    .filter(
      (invoice) =>
        (customer === undefined || customerIdOf(invoice) === customer) &&
        (subscription === undefined || subscriptionIdOfInvoice(invoice) === subscription) &&
        (status === undefined || invoice.status === status),
    );
  return json(listOf('/v1/invoices', rows, params));
}

/** Pays an open (or draft) invoice now; a decline is answered as Stripe does, a 402 card error. */
function pay(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, ['payment_method', 'off_session']);
  const invoice = findInvoice(store, context.pathParams.id ?? '');
  if (invoice.status === 'paid') throw invalidRequest('Invoice is already paid', undefined, 'invoice_already_paid');
  if (invoice.status !== 'open' && invoice.status !== 'draft') {
    throw invalidRequest(`This invoice is ${invoice.status ?? 'unknown'} and can no longer be paid.`, undefined, 'invoice_not_editable');
  }
  const customerId = customerIdOf(invoice);
  const methodId = optionalString(params, 'payment_method');
  const method =
    methodId === undefined || customerId === null
      ? undefined
      : customersPaymentMethod(store, findCustomer(store, customerId), methodId, 'payment_method');
  const at = timeOn(store, invoice.test_clock);
  if (invoice.status === 'draft') finalizeInvoice(context, invoice, at, true);
  if (invoice.status === 'paid') return json(invoice);
  const outcome = collectInvoice(context, invoice, at, { announce: true, ...(method === undefined ? {} : { paymentMethod: method.id }) });
  if (outcome === 'paid') return json(invoice);
  const intentId = invoicePaymentOf(store, invoice)?.payment.payment_intent;
  const intent = typeof intentId === 'string' ? store.paymentIntents.get(intentId) : undefined;
  if (outcome === 'requires_action') {
    throw cardError({
      code: 'invoice_payment_intent_requires_action',
      message: 'This payment requires additional user action before it can be completed successfully.',
      ...(intent === undefined ? {} : { payment_intent: structuredClone(intent) }),
    });
  }
  const last = intent?.last_payment_error;
  throw cardError({
    code: last?.code ?? 'card_declined',
    message: last?.message ?? 'The invoice has no payment method to charge.',
    ...(last?.decline_code === undefined ? {} : { decline_code: last.decline_code }),
    ...(intent === undefined ? {} : { payment_intent: structuredClone(intent) }),
  });
}

function listPayments(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  const invoice = optionalString(params, 'invoice');
  const status = optionalString(params, 'status');
  const payment = optionalObject(params, 'payment');
  const intent = payment === undefined ? undefined : optionalString(payment, 'payment_intent');
  const rows = store.invoicePayments
    .newestFirst()
    .filter(
      (each) =>
        (invoice === undefined || each.invoice === invoice) &&
        (status === undefined || each.status === status) &&
        (intent === undefined || each.payment.payment_intent === intent),
    );
  return json(listOf('/v1/invoice_payments', rows, params));
}

export const invoiceRoutes: readonly Route[] = [
  { method: 'GET', path: '/v1/invoices', handle: list },
  {
    method: 'GET',
    path: '/v1/invoices/:id',
    handle: ({ store, pathParams }) => json(findInvoice(store, pathParams.id ?? '')),
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id/lines',
    handle: ({ store, pathParams, params }) => {
      const invoice = findInvoice(store, pathParams.id ?? '');
      return json(listOf(invoice.lines.url, invoice.lines.data, params));
    },
  },
  { method: 'POST', path: '/v1/invoices/:id/pay', handle: pay },
  { method: 'GET', path: '/v1/invoice_payments', handle: listPayments },
  {
    method: 'GET',
    path: '/v1/invoice_payments/:id',
    handle: ({ store, pathParams }) => {
      const payment = store.invoicePayments.get(pathParams.id ?? '');
      if (payment === undefined) throw noSuch('invoice_payment', pathParams.id ?? '');
      return json(payment);
    },
  },
];
