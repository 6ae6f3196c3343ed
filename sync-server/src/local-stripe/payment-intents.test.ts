import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningLocalStripe } from './local-stripe.ts';
import { startForTest, stripeError } from './testing.ts';

/** One-time payments through the official SDK, pointed at the local Stripe by host and port. */

let local: RunningLocalStripe;
let stripe: Stripe;
beforeEach(async () => {
  ({ local, stripe } = await startForTest());
});
afterEach(() => local.close());

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2040, cvc: '123' });

describe('a payment that succeeds', () => {
  it('charges 4242 typed as card details, with a customer and metadata', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.test' });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, email: 'ada@example.test' });
    const method = await stripe.paymentMethods.create({ type: 'card', card: card('4242424242424242') });
    expect(method).toMatchObject({ object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' } });

    const intent = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'usd',
      customer: customer.id,
      payment_method: method.id,
      metadata: { order: 'ord_1' },
      description: 'THE PASS',
    });
    expect(intent).toMatchObject({ status: 'requires_confirmation', amount: 2000, currency: 'usd', latest_charge: null });

    const confirmed = await stripe.paymentIntents.confirm(intent.id);
    expect(confirmed).toMatchObject({ status: 'succeeded', amount_received: 2000, metadata: { order: 'ord_1' } });
    expect(confirmed.latest_charge).toMatch(/^ch_/);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toEqual(confirmed);
  });

  it('charges the test id pm_card_visa in one create-and-confirm call', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 500,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    expect(intent.status).toBe('succeeded');
    expect(intent.payment_method).toMatch(/^pm_/);
  });

  it('starts without a payment method, and can be canceled before paying', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd', allowed_payment_method_types: ['card'] });
    expect(intent).toMatchObject({ status: 'requires_payment_method', payment_method_types: ['card'] });
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    const error = await stripeError(stripe.paymentIntents.cancel(intent.id));
    expect(error.type).toBe('StripeInvalidRequestError');
    expect(error.code).toBe('payment_intent_unexpected_state');
  });
});

describe('declines', () => {
  it.each([
    ['4000000000000002', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('%s raises StripeCardError card_declined / %s', async (number, declineCode, message) => {
    const method = await stripe.paymentMethods.create({ type: 'card', card: card(number) });
    const error = await stripeError(
      stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: method.id, confirm: true }),
    );
    expect(error.type).toBe('StripeCardError');
    expect(error.statusCode).toBe(402);
    expect(error).toMatchObject({ code: 'card_declined', decline_code: declineCode, message });
    const intent = error.payment_intent;
    expect(intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { decline_code: declineCode } });
    expect(intent?.latest_charge).toMatch(/^ch_/);
    const stored = await stripe.paymentIntents.retrieve(intent?.id ?? '');
    expect(stored.status).toBe('requires_payment_method');
  });

  it('declines the test ids as their cards', async () => {
    const error = await stripeError(
      stripe.paymentIntents.create({
        amount: 2000,
        currency: 'usd',
        payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
        confirm: true,
      }),
    );
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'insufficient_funds' });
    const generic = await stripeError(
      stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true }),
    );
    expect(generic.decline_code).toBe('generic_decline');
  });

  it('refuses a card number that is not a Stripe test card, as Stripe does in test mode', async () => {
    const live = await stripeError(stripe.paymentMethods.create({ type: 'card', card: card('4111111111111111') }));
    expect(live).toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'test_mode_live_card' });
    const wrong = await stripeError(stripe.paymentMethods.create({ type: 'card', card: card('4242424242424241') }));
    expect(wrong).toMatchObject({ type: 'StripeCardError', code: 'incorrect_number' });
  });

  it('answers unknown ids and parameters with invalid_request_error', async () => {
    const missing = await stripeError(stripe.paymentIntents.retrieve('pi_nope'));
    expect(missing).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing' });
    const badMethod = await stripeError(
      stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: 'pm_nope' }),
    );
    expect(badMethod).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'payment_method' });
    const small = await stripeError(stripe.paymentIntents.create({ amount: 10, currency: 'usd' }));
    expect(small).toMatchObject({ code: 'amount_too_small', param: 'amount' });
  });

  it('refuses requests without a test API key', async () => {
    const Sdk = (await import('stripe')).default;
    const keyless = new Sdk('sk_live_nope', { ...local.clientOptions, maxNetworkRetries: 0 });
    const error = await stripeError(keyless.customers.create({}));
    expect(error.type).toBe('StripeAuthenticationError');
  });
});
