import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningLocalStripe } from './local-stripe.ts';
import { startForTest, stripeError } from './testing.ts';

/** As Stripe: a publishable key may create PaymentMethods (from a browser) and nothing else. */
let local: RunningLocalStripe;
let browser: Stripe;

beforeAll(async () => {
  ({ local } = await startForTest());
  browser = new Stripe('pk_test_local', { ...local.clientOptions, maxNetworkRetries: 0 });
});
afterAll(() => local.close());

describe('a publishable key', () => {
  it('creates a PaymentMethod from a test card number', async () => {
    const method = await browser.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } });
    expect(method).toMatchObject({ object: 'payment_method', card: { last4: '4242' } });
  });

  it('is refused for anything else', async () => {
    const error = await stripeError(browser.paymentIntents.create({ amount: 2000, currency: 'usd' }));
    expect(error.statusCode).toBe(401);
    const read = await stripeError(browser.paymentMethods.retrieve('pm_card_visa'));
    expect(read.statusCode).toBe(401);
  });

  it('is refused when live', async () => {
    const live = new Stripe('pk_live_nope', { ...local.clientOptions, maxNetworkRetries: 0 });
    const error = await stripeError(live.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } }));
    expect(error.statusCode).toBe(401);
  });
});
