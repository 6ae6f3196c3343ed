import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerWithCard, eventsOf, idIn, intentOf, monthlyPrice, MONTHLY_CENTS, periodOf } from './billing-testing.ts';
import type { RunningLocalStripe } from './local-stripe.ts';
import { postForm, startForTest, stripeError } from './testing.ts';

/** Subscriptions through the SDK: the first invoice, its outcomes, changes, cancellation, lists. */

let local: RunningLocalStripe;
let stripe: Stripe;
let price: Stripe.Price;
beforeEach(async () => {
  ({ local, stripe } = await startForTest());
  price = await monthlyPrice(stripe);
});
afterEach(() => local.close());

async function subscribe(paymentMethod: string, extra: Partial<Stripe.SubscriptionCreateParams> = {}) {
  const { customer, card } = await customerWithCard(stripe, paymentMethod);
  const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], ...extra });
  return { customer, card, subscription };
}

describe('creating a subscription', () => {
  it('charges the first month to the customer’s card: active, one paid invoice, a month-long period', async () => {
    const { customer, subscription } = await subscribe('pm_card_visa');
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', customer: customer.id, cancel_at_period_end: false });
    const { start, end } = periodOf(subscription);
    const startDate = new Date(start * 1000);
    const endDate = new Date(end * 1000);
    expect(endDate.getUTCDate()).toBe(Math.min(startDate.getUTCDate(), endDate.getUTCDate()));
    expect((endDate.getUTCMonth() - startDate.getUTCMonth() + 12) % 12).toBe(1);

    const expanded = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice.payments'] });
    const invoice = expanded.latest_invoice;
    if (invoice === null || typeof invoice === 'string') throw new Error('latest_invoice was not expanded');
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_due: MONTHLY_CENTS,
      amount_paid: MONTHLY_CENTS,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: subscription.id } },
    });
    expect(invoice.lines.data[0]?.period).toEqual({ start, end });
    expect(invoice.payments?.data[0]?.payment.type).toBe('payment_intent');
    const intent = await intentOf(stripe, invoice.id);
    expect(intent).toMatchObject({ status: 'succeeded', amount: MONTHLY_CENTS, customer: customer.id });

    const created = await eventsOf(stripe, 'customer.subscription.created');
    expect(created[0]?.data.object).toMatchObject({ id: subscription.id, status: 'active' });
    expect((await eventsOf(stripe, 'invoice.paid')).map((event) => event.data.object.id)).toEqual([invoice.id]);
  });

  it('with a card that fails when charged (…0341): incomplete, the invoice open, invoice.payment_failed', async () => {
    const { subscription } = await subscribe('pm_card_chargeCustomerFail');
    expect(subscription.status).toBe('incomplete');
    const invoice = await stripe.invoices.retrieve(idIn(subscription.latest_invoice));
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1, amount_paid: 0, next_payment_attempt: null });
    expect((await eventsOf(stripe, 'invoice.payment_failed'))[0]?.data.object.id).toBe(invoice.id);
  });

  it('with error_if_incomplete and a failing card: a 402 card error, and no subscription is made', async () => {
    const { customer } = await customerWithCard(stripe, 'pm_card_chargeCustomerFail');
    const error = await stripeError(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], payment_behavior: 'error_if_incomplete' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
  });

  it('with default_incomplete: incomplete until the server confirms the first invoice’s PaymentIntent', async () => {
    const { subscription, card } = await subscribe('pm_card_visa', { payment_behavior: 'default_incomplete' });
    expect(subscription.status).toBe('incomplete');
    const invoice = await stripe.invoices.retrieve(idIn(subscription.latest_invoice), { expand: ['confirmation_secret'] });
    expect(invoice.confirmation_secret?.client_secret).toMatch(/^pi_.+_secret_/);
    const intent = await intentOf(stripe, invoice.id);
    await stripe.paymentIntents.confirm(intent.id, { payment_method: card });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('paid');
    const updated = await eventsOf(stripe, 'customer.subscription.updated');
    expect(updated[0]?.data).toMatchObject({ object: { status: 'active' }, previous_attributes: { status: 'incomplete' } });
  });

  it('with a card that asks for the bank’s check: incomplete until the buyer completes it on the test page', async () => {
    const { subscription } = await subscribe('pm_card_authenticationRequired');
    expect(subscription.status).toBe('incomplete');
    const invoiceId = idIn(subscription.latest_invoice);
    expect((await eventsOf(stripe, 'invoice.payment_action_required'))[0]?.data.object.id).toBe(invoiceId);
    const pending = await intentOf(stripe, invoiceId);
    // The server confirms again with its own return address, to send the buyer to the bank's page.
    const confirmed = await stripe.paymentIntents.confirm(pending.id, { return_url: 'http://127.0.0.1:9/account' });
    const page = confirmed.next_action?.redirect_to_url?.url ?? '';
    const answer = await postForm(page.split('?')[0] ?? page, { client_secret: confirmed.client_secret ?? '', outcome: 'complete' });
    expect(answer.status).toBe(303);
    expect((await stripe.invoices.retrieve(invoiceId)).status).toBe('paid');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    const [update] = await eventsOf(stripe, 'customer.subscription.updated');
    expect(update?.data).toMatchObject({ object: { status: 'active' }, previous_attributes: { status: 'incomplete' } });
    expect(update?.request).toBeNull();
  });

  it('refuses bad parameters in Stripe’s shape: no card, a card of someone else, a one-time price, unknown fields', async () => {
    const bare = await stripe.customers.create({ email: 'bare@example.test' });
    const noCard = await stripeError(stripe.subscriptions.create({ customer: bare.id, items: [{ price: price.id }] }));
    expect(noCard).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    expect(noCard.message).toContain('no attached payment source or default payment method');

    const { card } = await customerWithCard(stripe, 'pm_card_visa', { email: 'other@example.test' });
    const foreign = await stripeError(
      stripe.subscriptions.create({ customer: bare.id, items: [{ price: price.id }], default_payment_method: card }),
    );
    expect(foreign).toMatchObject({ statusCode: 400, param: 'default_payment_method' });

    const once = await stripe.prices.create({ currency: 'usd', unit_amount: 500, product_data: { name: 'once' } });
    const oneTime = await stripeError(stripe.subscriptions.create({ customer: bare.id, items: [{ price: once.id }] }));
    expect(oneTime).toMatchObject({ statusCode: 400, param: 'items[0][price]' });

    const missing = await stripeError(stripe.subscriptions.create({ customer: bare.id, items: [{ price: 'price_nope' }] }));
    expect(missing).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'items[0][price]' });
    const unknown = await stripeError(stripe.subscriptions.create({ customer: bare.id, items: [{ price: price.id }], trial_period_days: 7 }));
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'trial_period_days' });
    expect(await stripeError(stripe.subscriptions.retrieve('sub_nope'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('replays a create with the same idempotency key: one subscription, one charge', async () => {
    const { customer } = await customerWithCard(stripe, 'pm_card_visa');
    const params = { customer: customer.id, items: [{ price: price.id }] };
    const first = await stripe.subscriptions.create(params, { idempotencyKey: 'subscribe-1' });
    const again = await stripe.subscriptions.create(params, { idempotencyKey: 'subscribe-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
  });
});

describe('changing a subscription', () => {
  it('cancel_at_period_end: ends at the period end, announced with the previous values; false takes it back', async () => {
    const { subscription } = await subscribe('pm_card_visa');
    const canceling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: periodOf(subscription).end,
      cancellation_details: { reason: 'cancellation_requested' },
    });
    expect(canceling.canceled_at).toEqual(expect.any(Number));
    const [event] = await eventsOf(stripe, 'customer.subscription.updated');
    expect(event?.data).toMatchObject({ previous_attributes: { cancel_at_period_end: false, cancel_at: null } });

    const resumed = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null, cancellation_details: { reason: null } });
  });

  it('changes the default card to one of the customer’s own', async () => {
    const { subscription, customer } = await subscribe('pm_card_visa');
    const other = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    const updated = await stripe.subscriptions.update(subscription.id, { default_payment_method: other.id });
    expect(updated.default_payment_method).toBe(other.id);
  });

  it('cancels at once: canceled, deleted event; then refuses to cancel again or to change it', async () => {
    const { subscription } = await subscribe('pm_card_visa');
    const canceled = await stripe.subscriptions.cancel(subscription.id, { prorate: false, invoice_now: false });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'cancellation_requested' } });
    expect(canceled.ended_at).toEqual(expect.any(Number));
    expect((await eventsOf(stripe, 'customer.subscription.deleted'))[0]?.data.object.id).toBe(subscription.id);
    expect(await stripeError(stripe.subscriptions.cancel(subscription.id))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const change = await stripeError(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }));
    expect(change).toMatchObject({ statusCode: 400, message: 'A canceled subscription can only update its cancellation_details and metadata.' });
  });

  it('lists by customer and status, leaving canceled ones out unless asked', async () => {
    const first = await subscribe('pm_card_visa');
    const second = await stripe.subscriptions.create({ customer: first.customer.id, items: [{ price: price.id }] });
    await stripe.subscriptions.cancel(first.subscription.id);
    const current = await stripe.subscriptions.list({ customer: first.customer.id });
    expect(current.data.map((each) => each.id)).toEqual([second.id]);
    const canceled = await stripe.subscriptions.list({ customer: first.customer.id, status: 'canceled' });
    expect(canceled.data.map((each) => each.id)).toEqual([first.subscription.id]);
    expect((await stripe.subscriptions.list({ customer: first.customer.id, status: 'all' })).data).toHaveLength(2);
  });
});
