import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerWithCard, eventsOf, idIn, intentOf, monthlyPrice, MONTHLY_CENTS, periodOf } from './billing-testing.ts';
import { HOUR, DAY } from './billing-time.ts';
import type { RunningLocalStripe } from './local-stripe.ts';
import { startForTest, stripeError } from './testing.ts';

/**
 * Renewals driven by a test clock: paid, failed (past_due, retried on its schedule, then
 * canceled), cancel at period end and its undoing, the refund of a renewal, and the clock's rules.
 */

const START = Date.UTC(2031, 0, 31, 9, 30) / 1000;

let local: RunningLocalStripe;
let stripe: Stripe;
let price: Stripe.Price;
let clock: Stripe.TestHelpers.TestClock;
beforeEach(async () => {
  ({ local, stripe } = await startForTest());
  price = await monthlyPrice(stripe);
  clock = await stripe.testHelpers.testClocks.create({ frozen_time: START, name: 'renewals' });
});
afterEach(() => local.close());

async function subscribe(paymentMethod = 'pm_card_visa') {
  const { customer, card } = await customerWithCard(stripe, paymentMethod, { testClock: clock.id });
  const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
  return { customer, card, subscription };
}

async function advanceTo(time: number): Promise<void> {
  const advanced = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: time });
  expect(advanced.status).toBe('ready');
  expect(advanced.frozen_time).toBe(time);
}

async function invoicesOf(subscription: Stripe.Subscription): Promise<Stripe.Invoice[]> {
  return (await stripe.invoices.list({ subscription: subscription.id })).data;
}

/** Moves a subscription's future charges to the card that fails when charged (…0341). */
async function switchToFailingCard(customer: Stripe.Customer, subscription: Stripe.Subscription): Promise<void> {
  const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
  await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
}

describe('a paid renewal', () => {
  it('starts on the clock’s time, and at period end opens the next period with a draft charged an hour later', async () => {
    const { subscription } = await subscribe();
    const first = periodOf(subscription);
    expect(first.start).toBe(START);
    // From 31 January, the period ends on the last day of February, at the same time of day.
    expect(first.end).toBe(Date.UTC(2031, 1, 28, 9, 30) / 1000);

    await advanceTo(first.end);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(periodOf(renewed)).toEqual({ start: first.end, end: Date.UTC(2031, 2, 31, 9, 30) / 1000 });
    const [draft] = await invoicesOf(subscription);
    expect(draft).toMatchObject({ status: 'draft', billing_reason: 'subscription_cycle', automatically_finalizes_at: first.end + HOUR });
    expect(draft?.lines.data[0]?.period).toEqual(periodOf(renewed));
    expect(renewed.latest_invoice).toBe(draft?.id);

    await advanceTo(first.end + HOUR);
    const paid = await stripe.invoices.retrieve(draft?.id ?? '');
    expect(paid).toMatchObject({ status: 'paid', amount_paid: MONTHLY_CENTS, attempt_count: 1 });
    expect(paid.status_transitions.paid_at).toBe(first.end + HOUR);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await eventsOf(stripe, 'invoice.paid')).map((event) => event.data.object.id)).toContain(paid.id);
    const updates = await eventsOf(stripe, 'customer.subscription.updated');
    expect(updates.some((event) => event.data.previous_attributes?.latest_invoice === subscription.latest_invoice)).toBe(true);
  });

  it('can be refunded: the renewal’s PaymentIntent leads to its charge', async () => {
    const { subscription } = await subscribe();
    await advanceTo(periodOf(subscription).end + HOUR);
    const [renewal] = await invoicesOf(subscription);
    const intent = await intentOf(stripe, renewal?.id ?? '');
    const refund = await stripe.refunds.create({ payment_intent: intent.id, reason: 'requested_by_customer' });
    expect(refund).toMatchObject({ status: 'succeeded', amount: MONTHLY_CENTS, payment_intent: intent.id });
    expect(await stripe.charges.retrieve(idIn(intent.latest_charge))).toMatchObject({ refunded: true });
  });
});

describe('a failed renewal', () => {
  it('goes past_due, is retried 3, 5 and 7 days after, then the subscription is canceled', async () => {
    const { customer, subscription } = await subscribe();
    await switchToFailingCard(customer, subscription);
    const charged = periodOf(subscription).end + HOUR;
    await advanceTo(charged);
    const [renewal] = await invoicesOf(subscription);
    expect(renewal).toMatchObject({ status: 'open', attempt_count: 1, next_payment_attempt: charged + 3 * DAY });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    const failed = await eventsOf(stripe, 'invoice.payment_failed');
    expect(failed[0]?.data.object).toMatchObject({ id: renewal?.id, attempt_count: 1 });

    await advanceTo(charged + 3 * DAY);
    expect(await stripe.invoices.retrieve(renewal?.id ?? '')).toMatchObject({ attempt_count: 2, next_payment_attempt: charged + 5 * DAY });
    await advanceTo(charged + 5 * DAY);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await advanceTo(charged + 7 * DAY - 1);
    expect((await stripe.invoices.retrieve(renewal?.id ?? '')).attempt_count).toBe(3);

    await advanceTo(charged + 7 * DAY);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: charged + 7 * DAY, cancellation_details: { reason: 'payment_failed' } });
    expect(await stripe.invoices.retrieve(renewal?.id ?? '')).toMatchObject({ status: 'open', attempt_count: 4, next_payment_attempt: null });
    expect((await eventsOf(stripe, 'invoice.payment_failed')).length).toBe(4);
    expect((await eventsOf(stripe, 'customer.subscription.deleted'))[0]?.data.object.id).toBe(subscription.id);
  });

  it('recovers when the next retry charges a working card: active again', async () => {
    const { customer, card, subscription } = await subscribe();
    await switchToFailingCard(customer, subscription);
    const charged = periodOf(subscription).end + HOUR;
    await advanceTo(charged);
    await stripe.subscriptions.update(subscription.id, { default_payment_method: card });
    await advanceTo(charged + 3 * DAY);
    const [renewal] = await invoicesOf(subscription);
    expect(renewal).toMatchObject({ status: 'paid', attempt_count: 2 });
    const back = await eventsOf(stripe, 'customer.subscription.updated');
    expect(back[0]?.data).toMatchObject({ object: { status: 'active' }, previous_attributes: { status: 'past_due' } });
  });

  it('can be paid at once with invoices.pay after the card changed; a decline there is a 402', async () => {
    const { customer, card, subscription } = await subscribe();
    await switchToFailingCard(customer, subscription);
    await advanceTo(periodOf(subscription).end + HOUR);
    const [renewal] = await invoicesOf(subscription);
    const declined = await stripeError(stripe.invoices.pay(renewal?.id ?? ''));
    expect(declined).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
    const paid = await stripe.invoices.pay(renewal?.id ?? '', { payment_method: card });
    expect(paid).toMatchObject({ status: 'paid', attempt_count: 3 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect(await stripeError(stripe.invoices.pay(paid.id))).toMatchObject({ statusCode: 400 });
  });
});

describe('cancel at period end', () => {
  it('ends the subscription when the period ends: deleted event, no further invoice', async () => {
    const { subscription } = await subscribe();
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const { end } = periodOf(subscription);
    await advanceTo(end - 1);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    await advanceTo(end + 2 * HOUR);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'canceled', ended_at: end });
    expect(await invoicesOf(subscription)).toHaveLength(1);
    expect((await eventsOf(stripe, 'customer.subscription.deleted'))[0]?.data.object).toMatchObject({
      id: subscription.id,
      cancel_at_period_end: true,
    });
  });

  it('taken back before the end, renews as usual', async () => {
    const { subscription } = await subscribe();
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    await advanceTo(periodOf(subscription).end + HOUR);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await invoicesOf(subscription)).map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
  });
});

describe('test clocks', () => {
  it('refuse to go back, or more than two intervals at once, in Stripe’s error shape', async () => {
    await subscribe();
    const back = await stripeError(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START - 1 }));
    expect(back).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'frozen_time' });
    const far = await stripeError(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + 100 * DAY }));
    expect(far).toMatchObject({ statusCode: 400, param: 'frozen_time' });
    expect((await stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(START);
  });

  it('expire an incomplete subscription whose first invoice stays unpaid for 23 hours', async () => {
    const { subscription } = await subscribe('pm_card_chargeCustomerFail');
    expect(subscription.status).toBe('incomplete');
    await advanceTo(START + 23 * HOUR);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('incomplete_expired');
    expect((await stripe.invoices.retrieve(idIn(subscription.latest_invoice))).status).toBe('void');
  });

  it('when deleted, take their customers and subscriptions with them', async () => {
    const { customer, subscription } = await subscribe();
    expect(await stripe.testHelpers.testClocks.del(clock.id)).toMatchObject({ id: clock.id, deleted: true });
    expect(await stripeError(stripe.customers.retrieve(customer.id))).toMatchObject({ statusCode: 404 });
    expect(await stripeError(stripe.subscriptions.retrieve(subscription.id))).toMatchObject({ statusCode: 404 });
  });
});

describe('without a test clock', () => {
  it('a subscription renews by the local Stripe’s own clock, caught up at the next request', async () => {
    let now = Date.UTC(2031, 4, 10, 12) * 1;
    const running = await startForTest({ clock: { now: () => now } });
    try {
      const sdk = running.stripe;
      const monthly = await monthlyPrice(sdk);
      const { customer } = await customerWithCard(sdk, 'pm_card_visa');
      const subscription = await sdk.subscriptions.create({ customer: customer.id, items: [{ price: monthly.id }] });
      now = (periodOf(subscription).end + HOUR) * 1000;
      const renewed = await sdk.subscriptions.retrieve(subscription.id);
      expect(periodOf(renewed).start).toBe(periodOf(subscription).end);
      const invoices = await sdk.invoices.list({ subscription: subscription.id });
      expect(invoices.data.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    } finally {
      await running.local.close();
    }
  });
});
