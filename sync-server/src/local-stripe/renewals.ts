/**
 * What happens to subscriptions as time passes, in the order it would have happened: a period
 * ends (the subscription renews, or ends when cancellation at period end was asked for); an
 * hour after a renewal its draft invoice is finalized and charged (as Stripe waits about an hour
 * before finalizing); a failed renewal is retried on its schedule; an `incomplete` subscription
 * whose first invoice stays unpaid expires after 23 hours. Time is a test clock's when it is
 * advanced, or the store's clock, caught up at every request (see local-stripe.ts).
 */
import type Stripe from 'stripe';
import { HOUR, periodEndAfter } from './billing-time.ts';
import { collectInvoice, finalizeInvoice } from './invoice-collection.ts';
import { buildInvoice, invoicePaymentOf, subscriptionIdOfInvoice } from './invoice-objects.ts';
import type { AttemptContext } from './payment-attempt.ts';
import { periodOf, recurrenceOf, setPeriod, snapshot, customerIdOfSubscription } from './subscription-objects.ts';
import { endSubscription } from './subscription-status.ts';

/** How long a renewal's invoice stays a draft before it is finalized and charged. */
export const FINALIZE_AFTER_SECONDS = HOUR;
/** How long a first invoice may stay unpaid before its subscription expires. */
export const INCOMPLETE_EXPIRES_AFTER_SECONDS = 23 * HOUR;

interface Step {
  readonly at: number;
  run(): void;
}

function invoicesOf(context: AttemptContext, subscription: Stripe.Subscription): Stripe.Invoice[] {
  return context.store.invoices.newestFirst().filter((invoice) => subscriptionIdOfInvoice(invoice) === subscription.id);
}

function renew(context: AttemptContext, subscription: Stripe.Subscription, at: number): void {
  const { store } = context;
  const customer = store.customers.get(customerIdOfSubscription(subscription));
  if (customer === undefined) {
    endSubscription(context, subscription, at, 'cancellation_requested');
    return;
  }
  const old = periodOf(subscription);
  const end = periodEndAfter(subscription.billing_cycle_anchor, recurrenceOf(subscription), old.end);
  const previous = snapshot(subscription, ['items', 'latest_invoice']);
  setPeriod(subscription, old.end, end);
  const invoice = store.invoices.put(
    buildInvoice({
      subscription,
      customer,
      reason: 'subscription_cycle',
      at,
      linePeriod: { start: old.end, end },
      ownPeriod: old,
    }),
  );
  invoice.automatically_finalizes_at = at + FINALIZE_AFTER_SECONDS;
  subscription.latest_invoice = invoice.id;
  context.events.record('invoice.created', invoice, context);
  context.events.record('customer.subscription.updated', subscription, context, previous);
}

function expire(context: AttemptContext, subscription: Stripe.Subscription, at: number): void {
  for (const invoice of invoicesOf(context, subscription)) {
    if (invoice.status !== 'open') continue;
    Object.assign(invoice, {
      status: 'void',
      amount_remaining: 0,
      next_payment_attempt: null,
      status_transitions: { ...invoice.status_transitions, voided_at: at },
    } satisfies Partial<Stripe.Invoice>);
    const intentId = invoicePaymentOf(context.store, invoice)?.payment.payment_intent;
    const intent = typeof intentId === 'string' ? context.store.paymentIntents.get(intentId) : undefined;
    if (intent !== undefined && intent.status !== 'succeeded' && intent.status !== 'canceled') {
      Object.assign(intent, { status: 'canceled', canceled_at: at, cancellation_reason: 'void_invoice', next_action: null } satisfies Partial<Stripe.PaymentIntent>);
      context.events.record('payment_intent.canceled', intent, context);
    }
    context.events.record('invoice.voided', invoice, context);
  }
  const previous = snapshot(subscription, ['status']);
  Object.assign(subscription, { status: 'incomplete_expired', ended_at: at } satisfies Partial<Stripe.Subscription>);
  context.events.record('customer.subscription.updated', subscription, context, previous);
}

/** The next thing due for this subscription, whenever it is. */
function nextStep(context: AttemptContext, subscription: Stripe.Subscription): Step | undefined {
  if (subscription.status === 'incomplete') {
    const at = subscription.created + INCOMPLETE_EXPIRES_AFTER_SECONDS;
    return { at, run: () => expire(context, subscription, at) };
  }
  if (subscription.status !== 'active' && subscription.status !== 'past_due') return undefined;
  const steps: Step[] = [];
  for (const invoice of invoicesOf(context, subscription)) {
    const finalizeAt = invoice.automatically_finalizes_at;
    if (invoice.status === 'draft' && finalizeAt !== null) {
      steps.push({
        at: finalizeAt,
        run: () => {
          finalizeInvoice(context, invoice, finalizeAt, true);
          if (invoice.status === 'open') collectInvoice(context, invoice, finalizeAt, { announce: true });
        },
      });
    }
    const retryAt = invoice.next_payment_attempt;
    if (invoice.status === 'open' && retryAt !== null) {
      steps.push({ at: retryAt, run: () => void collectInvoice(context, invoice, retryAt, { announce: true }) });
    }
  }
  const { end } = periodOf(subscription);
  steps.push({
    at: end,
    run: () =>
      subscription.cancel_at_period_end
        ? endSubscription(context, subscription, end, 'cancellation_requested')
        : renew(context, subscription, end),
  });
  return steps.reduce<Step | undefined>((first, step) => (first === undefined || step.at < first.at ? step : first), undefined);
}

/**
 * Runs, in time order, everything due for these subscriptions up to `until` (seconds). `moveTo`
 * sets the time the objects live at before each step (a test clock's frozen time).
 */
export function runDue(
  context: AttemptContext,
  subscriptions: readonly Stripe.Subscription[],
  until: number,
  moveTo: (at: number) => void = () => undefined,
): void {
  // Each step moves a subscription on; a bound keeps a mistake from spinning for ever.
  for (let steps = 0; steps < 10_000; steps++) {
    let next: Step | undefined;
    for (const subscription of subscriptions) {
      const step = nextStep(context, subscription);
      if (step !== undefined && step.at <= until && (next === undefined || step.at < next.at)) next = step;
    }
    if (next === undefined) return;
    moveTo(next.at);
    next.run();
  }
  throw new Error('the local Stripe found more than 10 000 billing steps to run at once');
}
