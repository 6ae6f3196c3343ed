/**
 * Collecting an invoice: finalizing it (a number and one PaymentIntent), charging the default
 * card, and what each outcome does. Paid: `invoice.paid` and the subscription back to active.
 * Failed: `invoice.payment_failed`; a renewal's subscription goes `past_due` and the invoice is
 * retried on a fixed schedule (Stripe's Smart Retries, simplified: 3, 5 and 7 days after the first
 * attempt), and after the last failed retry the subscription is canceled. The first invoice of a
 * subscription is not retried: the subscription stays `incomplete` until it is paid.
 */
import type Stripe from 'stripe';
import { DAY } from './billing-time.ts';
import { LocalStripeError } from './errors.ts';
import type { EventListener } from './events.ts';
import { invoicePaymentOf, nextInvoiceNumber, subscriptionIdOfInvoice } from './invoice-objects.ts';
import { idOf, newId } from './ids.ts';
import { attemptPayment, type AttemptContext } from './payment-attempt.ts';
import { newPaymentIntent } from './payment-intents.ts';
import { changeStatus, endSubscription, type BillingContext } from './subscription-status.ts';
import { timeOn } from './billing-time.ts';
import type { LocalStripeStore } from './store.ts';

/** Days after a renewal's first failed attempt when it is tried again; after the last, the end. */
export const RETRY_DAYS: readonly number[] = [3, 5, 7];

export function subscriptionOfInvoice(store: LocalStripeStore, invoice: Stripe.Invoice): Stripe.Subscription | undefined {
  const id = subscriptionIdOfInvoice(invoice);
  return id === null ? undefined : store.subscriptions.get(id);
}

/**
 * Draft → open: numbered, with the PaymentIntent that will pay it (nothing to pay: paid at once).
 * `announce` as in `changeStatus`.
 */
export function finalizeInvoice(context: BillingContext, invoice: Stripe.Invoice, at: number, announce: boolean): void {
  const { store } = context;
  const customer = typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? null);
  Object.assign(invoice, {
    status: 'open',
    number: nextInvoiceNumber(store),
    effective_at: at,
    automatically_finalizes_at: null,
    status_transitions: { ...invoice.status_transitions, finalized_at: at },
  } satisfies Partial<Stripe.Invoice>);
  if (invoice.amount_due > 0) {
    const description = invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update';
    const fields = { amount: invoice.amount_due, currency: invoice.currency, customer, description, metadata: {}, payment_method: null };
    const intent = newPaymentIntent(store, fields, { created: at });
    context.events.record('payment_intent.created', intent, context);
    store.invoicePayments.put({
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: invoice.amount_due,
      created: at,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { payment_intent: intent.id, type: 'payment_intent' },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    });
  }
  context.events.record('invoice.finalized', invoice, context);
  if (invoice.amount_due === 0) settleInvoice(context, invoice, at, announce);
}

/** The card an invoice is charged to: the subscription's default, else the customer's. */
function paymentMethodFor(store: LocalStripeStore, subscription: Stripe.Subscription | undefined, customerId: string | null): string | null {
  const own = subscription?.default_payment_method;
  if (typeof own === 'string') return own;
  const customer = customerId === null ? undefined : store.customers.get(customerId);
  const fallback = customer?.invoice_settings.default_payment_method;
  return typeof fallback === 'string' ? fallback : null;
}

export type Collection = 'paid' | 'failed' | 'requires_action';

/** One attempt to charge an open invoice at `at`, with what follows from its outcome. */
export function collectInvoice(
  context: AttemptContext,
  invoice: Stripe.Invoice,
  at: number,
  options: { readonly announce: boolean; readonly paymentMethod?: string },
): Collection {
  const { store } = context;
  const subscription = subscriptionOfInvoice(store, invoice);
  const intentId = invoicePaymentOf(store, invoice)?.payment.payment_intent;
  const intent = typeof intentId === 'string' ? store.paymentIntents.get(intentId) : undefined;
  if (intent === undefined) {
    invoice.next_payment_attempt = null;
    return invoice.status === 'paid' ? 'paid' : 'failed';
  }
  invoice.attempt_count += 1;
  invoice.attempted = true;
  const customerId = typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? null);
  const methodId = options.paymentMethod ?? paymentMethodFor(store, subscription, customerId);
  const method = methodId === null ? undefined : store.paymentMethods.get(methodId);
  if (method !== undefined) {
    store.collecting.add(intent.id);
    try {
      attemptPayment(context, intent, method, undefined);
    } catch (error) {
      // A decline is this attempt's outcome, not the request's failure.
      if (!(error instanceof LocalStripeError && error.status === 402)) throw error;
    } finally {
      store.collecting.delete(intent.id);
    }
  }
  if (intent.status === 'succeeded') {
    settleInvoice(context, invoice, at, options.announce);
    return 'paid';
  }
  if (intent.status === 'requires_action') context.events.record('invoice.payment_action_required', invoice, context);
  failInvoice(context, invoice, subscription, at, options.announce);
  return intent.status === 'requires_action' ? 'requires_action' : 'failed';
}

function failInvoice(
  context: BillingContext,
  invoice: Stripe.Invoice,
  subscription: Stripe.Subscription | undefined,
  at: number,
  announce: boolean,
): void {
  const renewal = invoice.billing_reason === 'subscription_cycle';
  const firstAttempt = invoice.status_transitions.finalized_at ?? at;
  const retryDay = renewal && subscription?.status !== 'canceled' ? RETRY_DAYS[invoice.attempt_count - 1] : undefined;
  invoice.next_payment_attempt = retryDay === undefined ? null : firstAttempt + retryDay * DAY;
  context.events.record('invoice.payment_failed', invoice, context);
  if (subscription === undefined || !renewal) return;
  changeStatus(context, subscription, 'past_due', announce);
  if (invoice.next_payment_attempt === null) endSubscription(context, subscription, at, 'payment_failed');
}

/** Marks the invoice paid (once) and brings an incomplete or past-due subscription to active. */
export function settleInvoice(context: BillingContext, invoice: Stripe.Invoice, at: number, announce: boolean): void {
  if (invoice.status === 'paid') return;
  Object.assign(invoice, {
    status: 'paid',
    attempted: true,
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    next_payment_attempt: null,
    status_transitions: { ...invoice.status_transitions, paid_at: at },
  } satisfies Partial<Stripe.Invoice>);
  const payment = invoicePaymentOf(context.store, invoice);
  if (payment !== undefined) {
    Object.assign(payment, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      status_transitions: { ...payment.status_transitions, paid_at: at },
    } satisfies Partial<Stripe.InvoicePayment>);
  }
  context.events.record('invoice.paid', invoice, context);
  context.events.record('invoice.payment_succeeded', invoice, context);
  if (payment !== undefined) context.events.record('invoice_payment.paid', payment, context);
  const subscription = subscriptionOfInvoice(context.store, invoice);
  if (subscription !== undefined && (subscription.status === 'incomplete' || subscription.status === 'past_due')) {
    changeStatus(context, subscription, 'active', announce);
  }
}

/**
 * Settles an invoice whose PaymentIntent succeeded outside the billing engine: the buyer finished
 * the bank's check on the test page, or the server confirmed the intent itself.
 */
export function settleOnPayment(store: LocalStripeStore, events: BillingContext['events']): EventListener {
  return (event, source) => {
    if (event.type !== 'payment_intent.succeeded' || store.collecting.has(event.data.object.id)) return;
    const intentId = event.data.object.id;
    const payment = store.invoicePayments.newestFirst().find((each) => each.payment.payment_intent === intentId);
    const invoiceId = idOf(payment?.invoice);
    const invoice = invoiceId === null ? undefined : store.invoices.get(invoiceId);
    if (invoice === undefined || invoice.status !== 'open') return;
    invoice.attempt_count += 1;
    settleInvoice({ store, events, ...source }, invoice, timeOn(store, invoice.test_clock), true);
  };
}
