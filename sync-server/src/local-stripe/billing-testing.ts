/** Shared by the billing tests: a monthly price, a customer with a saved card, the events of a type. */
import type Stripe from 'stripe';
import type { EventOf, EventType } from './events.ts';

export const MONTHLY_CENTS = 1500;

export async function monthlyPrice(stripe: Stripe, lookupKey?: string): Promise<Stripe.Price> {
  return stripe.prices.create({
    currency: 'usd',
    unit_amount: MONTHLY_CENTS,
    recurring: { interval: 'month' },
    product_data: { name: 'Memento Pro (test)' },
    ...(lookupKey === undefined ? {} : { lookup_key: lookupKey }),
  });
}

/** A customer whose invoices are charged to the test card `paymentMethod` (`pm_card_visa`, …). */
export async function customerWithCard(
  stripe: Stripe,
  paymentMethod: string,
  options: { readonly testClock?: string; readonly email?: string } = {},
): Promise<{ customer: Stripe.Customer; card: string }> {
  const customer = await stripe.customers.create({
    email: options.email ?? 'ada@example.test',
    payment_method: paymentMethod,
    invoice_settings: { default_payment_method: paymentMethod },
    ...(options.testClock === undefined ? {} : { test_clock: options.testClock }),
  });
  const card = customer.invoice_settings.default_payment_method;
  if (typeof card !== 'string') throw new Error('the customer has no default card');
  return { customer, card };
}

export function periodOf(subscription: Stripe.Subscription): { start: number; end: number } {
  const item = subscription.items.data[0];
  if (item === undefined) throw new Error('the subscription has no item');
  return { start: item.current_period_start, end: item.current_period_end };
}

/** Events of one type, newest first, typed as that type's events. */
export async function eventsOf<T extends EventType>(stripe: Stripe, type: T): Promise<EventOf<T>[]> {
  const events = (await stripe.events.list({ type, limit: 100 })).data;
  return events.filter((event): event is EventOf<T> => event.type === type);
}

/** The id in an expandable field, for tests that expect one. */
export function idIn(value: string | { readonly id: string } | null | undefined): string {
  if (value === null || value === undefined) throw new Error('expected an id, found none');
  return typeof value === 'string' ? value : value.id;
}

/** The PaymentIntent that paid (or tried to pay) an invoice, through its InvoicePayment. */
export async function intentOf(stripe: Stripe, invoiceId: string): Promise<Stripe.PaymentIntent> {
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId });
  const intent = payments.data[0]?.payment.payment_intent;
  if (intent === undefined) throw new Error(`invoice ${invoiceId} has no payment`);
  return stripe.paymentIntents.retrieve(typeof intent === 'string' ? intent : intent.id);
}
