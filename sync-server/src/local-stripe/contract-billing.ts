/**
 * The subscription half of the contract (run by contract.test.ts against each Stripe it can
 * reach): what the product's paid plan relies on, in terms real Stripe test mode meets too. A
 * price found by lookup key, a customer on a test clock with a saved card, the first invoice paid,
 * a renewal paid an hour after the period ends, a renewal failing on Stripe's …0341 card
 * (past_due, to be retried), cancel at period end and its undoing, the refund of a renewal,
 * Checkout and portal sessions, and Stripe's errors. Dunning beyond the first failure follows each
 * account's settings, so only the local Stripe's own tests pin its schedule. Each run makes a
 * product and a price, and test clocks it deletes at the end (with their customers).
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventAbout, type Target } from './contract-targets.ts';
import { stripeError, WEBHOOK_SECRET } from './testing.ts';

const HOUR = 3_600;
const DAY = 86_400;

function idOf(value: string | { readonly id: string } | null | undefined): string {
  if (value === null || value === undefined) throw new Error('expected an id');
  return typeof value === 'string' ? value : value.id;
}

function periodEnd(subscription: Stripe.Subscription): number {
  const item = subscription.items.data[0];
  if (item === undefined) throw new Error('the subscription has no item');
  return item.current_period_end;
}

/** Advances a clock and waits until it is ready: at once locally, within seconds at Stripe. */
async function advance(stripe: Stripe, clock: string, time: number): Promise<void> {
  let state = await stripe.testHelpers.testClocks.advance(clock, { frozen_time: time });
  const deadline = Date.now() + 120_000;
  while (state.status !== 'ready') {
    if (Date.now() > deadline) throw new Error(`test clock ${clock} still ${state.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    state = await stripe.testHelpers.testClocks.retrieve(clock);
  }
  expect(state.frozen_time).toBe(time);
}

export function billingContract(open: () => Promise<Target>): void {
  let target: Target | undefined;
  let stripe: Stripe;
  let price: Stripe.Price;
  const clocks: string[] = [];
  const lookupKey = `contract_${randomUUID().replaceAll('-', '')}`;

  beforeAll(async () => {
    target = await open();
    ({ stripe } = target);
    price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 1500,
      recurring: { interval: 'month' },
      lookup_key: lookupKey,
      product_data: { name: 'Memento contract plan' },
    });
  });
  afterAll(async () => {
    for (const clock of clocks) await stripe.testHelpers.testClocks.del(clock);
    await target?.close();
  });

  /** A customer on a fresh test clock, paying with `paymentMethod`, subscribed to the monthly price. */
  async function subscribed(paymentMethod = 'pm_card_visa') {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) });
    clocks.push(clock.id);
    const customer = await stripe.customers.create({
      email: 'contract@example.com',
      test_clock: clock.id,
      payment_method: paymentMethod,
      invoice_settings: { default_payment_method: paymentMethod },
    });
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    return { clock: clock.id, customer, subscription };
  }

  it('finds the price by its lookup key', async () => {
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], expand: ['data.product'] });
    expect(found.data.map((each) => each.id)).toEqual([price.id]);
    expect(found.data[0]?.product).toMatchObject({ object: 'product', name: 'Memento contract plan' });
    expect(await stripeError(stripe.prices.create({ currency: 'usd', unit_amount: 1, product: idOf(price.product), lookup_key: lookupKey }))).toMatchObject({
      statusCode: 400,
    });
  });

  it('starts active on the clock, its first invoice paid through a PaymentIntent, the period on its item', async () => {
    const { subscription, customer } = await subscribed();
    expect(subscription).toMatchObject({ status: 'active', customer: customer.id, cancel_at_period_end: false });
    expect(periodEnd(subscription)).toBeGreaterThan(subscription.items.data[0]?.current_period_start ?? Infinity);
    const invoice = await stripe.invoices.retrieve(idOf(subscription.latest_invoice), { expand: ['payments'] });
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 1500, billing_reason: 'subscription_create' });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    const intent = await stripe.paymentIntents.retrieve(idOf(invoice.payments?.data[0]?.payment.payment_intent));
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 1500 });
  });

  it('renews when the clock passes the period end: a paid renewal and the next period, refundable', async () => {
    const { clock, subscription } = await subscribed();
    const end = periodEnd(subscription);
    await advance(stripe, clock, end + 2 * HOUR);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]?.current_period_start).toBe(end);
    const renewal = await stripe.invoices.retrieve(idOf(renewed.latest_invoice), { expand: ['payments'] });
    expect(renewal).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle', amount_paid: 1500 });
    const refund = await stripe.refunds.create({ payment_intent: idOf(renewal.payments?.data[0]?.payment.payment_intent) });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 1500 });
  });

  it('a renewal on a card that fails when charged (…0341) leaves the subscription past_due, to be retried', async () => {
    const { clock, customer, subscription } = await subscribed();
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    const end = periodEnd(subscription);
    await advance(stripe, clock, end + 2 * HOUR);
    const due = await stripe.subscriptions.retrieve(subscription.id);
    expect(due.status).toBe('past_due');
    const renewal = await stripe.invoices.retrieve(idOf(due.latest_invoice));
    expect(renewal).toMatchObject({ status: 'open', attempt_count: 1, amount_paid: 0 });
    expect(renewal.next_payment_attempt).toBeGreaterThan(end);
    expect(renewal.next_payment_attempt).toBeLessThan(end + 30 * DAY);
    await eventAbout(stripe, 'invoice.payment_failed', renewal.id);
  });

  it('cancel at period end can be taken back, and once kept ends the subscription with the period', async () => {
    const { clock, subscription } = await subscribed();
    const end = periodEnd(subscription);
    const canceling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({ cancel_at_period_end: true, cancel_at: end, status: 'active' });
    const resumed = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await advance(stripe, clock, end + HOUR);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'canceled', ended_at: end });
    await eventAbout(stripe, 'customer.subscription.deleted', subscription.id);
  });

  it('cancels at once, and answers a second cancel as a missing subscription', async () => {
    const { subscription } = await subscribed();
    expect((await stripe.subscriptions.cancel(subscription.id)).status).toBe('canceled');
    expect(await stripeError(stripe.subscriptions.cancel(subscription.id))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('replays a subscription create with the same idempotency key, and refuses bad ones in Stripe’s shape', async () => {
    const { customer } = await subscribed();
    const key = `contract-${randomUUID()}`;
    const first = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] }, { idempotencyKey: key });
    const again = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    const missing = await stripeError(stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_missing_contract' }] }));
    expect(missing).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'resource_missing' });
    const bare = await stripe.customers.create({ email: 'bare@example.com' });
    expect(await stripeError(stripe.subscriptions.create({ customer: bare.id, items: [{ price: price.id }] }))).toMatchObject({ statusCode: 400 });
  });

  it('opens a subscription Checkout with a hosted page, and a portal session for a customer', async () => {
    const { customer } = await subscribed();
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      customer_email: 'contract@example.com',
      success_url: 'https://memento.example/account?checkout={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://memento.example/account',
      client_reference_id: 'contract',
    });
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid', mode: 'subscription', amount_total: 1500, subscription: null });
    expect(new URL(session.url ?? '').protocol).toMatch(/^https?:$/);
    const again = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(again.line_items?.data[0]).toMatchObject({ quantity: 1, price: { id: price.id } });
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'https://memento.example/account' });
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id });
    expect(new URL(portal.url).protocol).toMatch(/^https?:$/);
  });

  it('delivers subscription events to our endpoint, signed (where the provider can reach us)', async (context) => {
    const webhooks = target?.webhooks ?? null;
    if (webhooks === null) {
      context.skip('real Stripe cannot reach an endpoint on this machine; `stripe listen --forward-to` would be needed');
      return;
    }
    const { subscription } = await subscribed();
    await webhooks.deliverDue();
    const events = webhooks.receiver.receipts.map((receipt) =>
      stripe.webhooks.constructEvent(receipt.body, String(receipt.headers['stripe-signature']), WEBHOOK_SECRET),
    );
    const created = events.find((event) => event.type === 'customer.subscription.created' && event.data.object.id === subscription.id);
    expect(created?.data.object).toMatchObject({ status: 'active' });
    expect(events.some((event) => event.type === 'invoice.paid' && event.data.object.id === subscription.latest_invoice)).toBe(true);
  });
}
