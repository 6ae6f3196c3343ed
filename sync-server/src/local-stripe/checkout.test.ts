import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventsOf, idIn, monthlyPrice, MONTHLY_CENTS, periodOf } from './billing-testing.ts';
import { HOUR } from './billing-time.ts';
import type { RunningLocalStripe } from './local-stripe.ts';
import { postForm, startForTest, stripeError } from './testing.ts';

/** Checkout Sessions in subscription mode, and their test page driven by form posts as a browser would. */

const SUCCESS_URL = 'http://127.0.0.1:9/account?checkout={CHECKOUT_SESSION_ID}';
const CANCEL_URL = 'http://127.0.0.1:9/account?checkout=cancelled';
const PAYING_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ada Lovelace' };

let local: RunningLocalStripe;
let stripe: Stripe;
let price: Stripe.Price;
beforeEach(async () => {
  ({ local, stripe } = await startForTest());
  price = await monthlyPrice(stripe);
});
afterEach(() => local.close());

function openCheckout(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: SUCCESS_URL,
    cancel_url: CANCEL_URL,
    client_reference_id: 'user-7',
    metadata: { plan: 'pro' },
    ...extra,
  });
}

describe('a checkout session', () => {
  it('is open, with a url to the local test page that shows the plan and the e-mail prefilled', async () => {
    const session = await openCheckout({ customer_email: 'ada@example.test' });
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', mode: 'subscription', amount_total: MONTHLY_CENTS });
    expect(session.url).toBe(`${local.url}/local-stripe/checkout/${session.id}`);
    const page = await fetch(session.url ?? '');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Test mode: no money moves');
    expect(html).toContain('USD 15.00 per month');
    expect(html).toContain('value="ada@example.test"');
    expect(html).toContain('4242 4242 4242 4242');
    expect(html).not.toContain('<script');
  });

  it('paid on the page: a customer, a card, an active subscription, an event, and back to success_url', async () => {
    const session = await openCheckout({ customer_email: 'ada@example.test', subscription_data: { metadata: { user: '7' } } });
    const answer = await postForm(session.url ?? '', { action: 'pay', email: 'ada@example.test', ...PAYING_CARD });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(SUCCESS_URL.replace('{CHECKOUT_SESSION_ID}', session.id));

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'line_items'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', customer_details: { email: 'ada@example.test', name: 'Ada Lovelace' } });
    const subscription = done.subscription;
    if (subscription === null || typeof subscription === 'string') throw new Error('subscription was not expanded');
    expect(subscription).toMatchObject({ status: 'active', customer: done.customer, metadata: { user: '7' } });
    expect(done.line_items?.data[0]).toMatchObject({ quantity: 1, amount_total: MONTHLY_CENTS, price: { id: price.id } });
    expect(await stripe.invoices.retrieve(idIn(done.invoice))).toMatchObject({ status: 'paid', amount_paid: MONTHLY_CENTS });
    const customer = await stripe.customers.retrieve(idIn(done.customer));
    expect(customer).toMatchObject({ email: 'ada@example.test' });
    const [completed] = await eventsOf(stripe, 'checkout.session.completed');
    expect(completed?.data.object).toMatchObject({ id: session.id, client_reference_id: 'user-7', metadata: { plan: 'pro' }, subscription: subscription.id });

    // A second submission (a double click) pays nothing more.
    expect((await postForm(session.url ?? '', { action: 'pay', email: 'ada@example.test', ...PAYING_CARD })).status).toBe(409);
    expect((await stripe.subscriptions.list({ status: 'all' })).data).toHaveLength(1);
  });

  it('for an existing customer on a test clock: e-mail fixed, subscription on the clock’s time, renewed by it', async () => {
    const start = Date.UTC(2031, 5, 1) / 1000;
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
    const customer = await stripe.customers.create({ email: 'grace@example.test', test_clock: clock.id });
    const session = await openCheckout({ customer: customer.id });
    expect(session.customer_email).toBe('grace@example.test');
    const html = await (await fetch(session.url ?? '')).text();
    expect(html).toMatch(/value="grace@example.test" readonly/);
    expect((await postForm(session.url ?? '', { action: 'pay', email: 'eve@example.test', ...PAYING_CARD })).status).toBe(303);
    const { subscription } = await stripe.checkout.sessions.retrieve(session.id);
    const started = await stripe.subscriptions.retrieve(idIn(subscription));
    expect(started).toMatchObject({ customer: customer.id, test_clock: clock.id, start_date: start });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: periodOf(started).end + HOUR });
    expect((await stripe.invoices.list({ subscription: started.id })).data.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
  });

  it.each([
    ['a declined card', '4000 0000 0000 0002', 402, 'Your card was declined.'],
    ['a card whose charges fail', '4000 0000 0000 0341', 402, 'Your card was declined.'],
    ['a real-looking card', '4111 1111 1111 1111', 402, 'non test (live) card'],
    ['a mistyped number', '4242 4242 4242 4241', 402, 'Your card number is incorrect.'],
  ])('refuses %s on the page, saying so, and stays open with nothing made', async (_, number, status, words) => {
    const session = await openCheckout({ customer_email: 'ada@example.test' });
    const answer = await postForm(session.url ?? '', { action: 'pay', email: 'ada@example.test', ...PAYING_CARD, number });
    expect(answer.status).toBe(status);
    const html = await answer.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain(words);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await stripe.customers.list()).data).toEqual([]);
    expect((await stripe.subscriptions.list({ status: 'all' })).data).toEqual([]);
  });

  it('asks for a usable e-mail when the session has none', async () => {
    const session = await openCheckout();
    const answer = await postForm(session.url ?? '', { action: 'pay', email: 'not-an-email', ...PAYING_CARD });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('Enter your email address');
  });

  it('Cancel returns to cancel_url and leaves the session open', async () => {
    const session = await openCheckout({ customer_email: 'ada@example.test' });
    const answer = await postForm(session.url ?? '', { action: 'cancel' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(CANCEL_URL);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('once expired, answers expired and its page says so', async () => {
    const session = await openCheckout({ customer_email: 'ada@example.test' });
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    expect((await fetch(session.url ?? '')).status).toBe(410);
    expect(await stripeError(stripe.checkout.sessions.expire(session.id))).toMatchObject({ statusCode: 400 });
    expect((await eventsOf(stripe, 'checkout.session.expired'))[0]?.data.object.id).toBe(session.id);
  });

  it('replays a create with the same idempotency key', async () => {
    const params = { mode: 'subscription' as const, line_items: [{ price: price.id, quantity: 1 }], success_url: SUCCESS_URL };
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: 'checkout-1' });
    const again = await stripe.checkout.sessions.create(params, { idempotencyKey: 'checkout-1' });
    expect(again.id).toBe(first.id);
    expect((await stripe.checkout.sessions.list()).data).toHaveLength(1);
  });

  it('refuses bad parameters in Stripe’s shape', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.test' });
    const cases: [Partial<Stripe.Checkout.SessionCreateParams>, string][] = [
      [{ mode: 'payment' }, 'mode'],
      [{ line_items: [{ price: price.id }] }, 'line_items[0][quantity]'],
      [{ line_items: [{ price: 'price_nope', quantity: 1 }] }, 'line_items[0][price]'],
      [{ customer: customer.id, customer_email: 'ada@example.test' }, 'customer_email'],
      [{ customer: 'cus_nope' }, 'customer'],
      [{ success_url: 'not a url' }, 'success_url'],
    ];
    for (const [params, param] of cases) {
      const error = await stripeError(openCheckout(params));
      expect(error, param).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param });
    }
    expect(await stripeError(stripe.checkout.sessions.retrieve('cs_test_nope'))).toMatchObject({ statusCode: 404 });
  });
});
