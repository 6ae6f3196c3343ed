/**
 * The shape of a subscription's invoice, typed by the SDK: one line per subscription item for the
 * period it pays for. Since Stripe's 2025 API versions an invoice names its subscription under
 * `parent.subscription_details` and its payments through InvoicePayments (`payments`, included on
 * request), no longer with `subscription`, `payment_intent` or `charge` fields of its own.
 */
import type Stripe from 'stripe';
import { newId } from './ids.ts';
import { customerIdOfSubscription } from './subscription-objects.ts';
import type { LocalStripeStore } from './store.ts';

export interface InvoiceInput {
  readonly subscription: Stripe.Subscription;
  readonly customer: Stripe.Customer;
  readonly reason: 'subscription_create' | 'subscription_cycle';
  /** When it is made (the subscription's time). */
  readonly at: number;
  /** The period the lines pay for. */
  readonly linePeriod: { readonly start: number; readonly end: number };
  /**
   * The invoice's own period, as Stripe counts it: for a renewal the period that just ended (its
   * lines pay for the next one); for the first invoice the instant it is made.
   */
  readonly ownPeriod: { readonly start: number; readonly end: number };
}

function lineOf(item: Stripe.SubscriptionItem, invoiceId: string, input: InvoiceInput): Stripe.InvoiceLineItem {
  const quantity = item.quantity ?? 1;
  const amount = (item.price.unit_amount ?? 0) * quantity;
  const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: item.price.currency,
    description: `${quantity} × ${item.price.nickname ?? product}`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: input.subscription.id,
        subscription_item: item.id,
      },
      type: 'subscription_item_details',
    },
    period: { start: input.linePeriod.start, end: input.linePeriod.end },
    pretax_credit_amounts: [],
    pricing: { price_details: { price: item.price.id, product }, type: 'price_details', unit_amount_decimal: null },
    quantity,
    quantity_decimal: null,
    subscription: input.subscription.id,
    subtotal: amount,
    taxes: [],
  };
}

export function buildInvoice(input: InvoiceInput): Stripe.Invoice {
  const id = newId('in');
  const lines = input.subscription.items.data.map((item) => lineOf(item, id, input));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const { customer, subscription } = input;
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Memento (local test mode)',
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.reason,
    collection_method: 'charge_automatically',
    created: input.at,
    currency: subscription.currency,
    custom_fields: null,
    customer: customerIdOfSubscription(subscription),
    customer_account: null,
    customer_address: null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: input.ownPeriod.end,
    period_start: input.ownPeriod.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: subscription.test_clock,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

/** The invoice's one PaymentIntent, through its InvoicePayment. */
export function invoicePaymentOf(store: LocalStripeStore, invoice: Stripe.Invoice): Stripe.InvoicePayment | undefined {
  return store.invoicePayments.newestFirst().find((payment) => payment.invoice === invoice.id && payment.is_default);
}

export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (subscription === undefined) return null;
  return typeof subscription === 'string' ? subscription : subscription.id;
}

/** Invoice numbers as Stripe prints them: a prefix per account, then a running count. */
export function nextInvoiceNumber(store: LocalStripeStore): string {
  const numbered = store.invoices.newestFirst().filter((invoice) => invoice.number !== null).length;
  return `LOCAL-${String(numbered + 1).padStart(4, '0')}`;
}
