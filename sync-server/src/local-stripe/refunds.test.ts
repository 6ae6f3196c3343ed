import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningLocalStripe } from './local-stripe.ts';
import { startForTest, stripeError } from './testing.ts';

let local: RunningLocalStripe;
let stripe: Stripe;
beforeEach(async () => {
  ({ local, stripe } = await startForTest());
});
afterEach(() => local.close());

async function paid(amount: number): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
}

function chargeOf(intent: Stripe.PaymentIntent): string {
  if (typeof intent.latest_charge !== 'string') throw new Error('no charge');
  return intent.latest_charge;
}

describe('idempotency keys', () => {
  it('replay the first answer to a retry with the same key and parameters', async () => {
    const params = { amount: 2000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-1' });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-1' });
    expect(again).toEqual(first);
    expect((await stripe.paymentIntents.list({ limit: 100 })).data).toHaveLength(1);
  });

  it('replay a card error too, without charging again', async () => {
    const params = { amount: 2000, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true };
    const first = await stripeError(stripe.paymentIntents.create(params, { idempotencyKey: 'order-2' }));
    const again = await stripeError(stripe.paymentIntents.create(params, { idempotencyKey: 'order-2' }));
    expect(again.type).toBe('StripeCardError');
    expect(again.payment_intent?.id).toBe(first.payment_intent?.id);
    expect((await stripe.paymentIntents.list()).data).toHaveLength(1);
  });

  it('refuse the same key with other parameters (idempotency_error)', async () => {
    await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' }, { idempotencyKey: 'order-3' });
    const error = await stripeError(
      stripe.paymentIntents.create({ amount: 2500, currency: 'usd' }, { idempotencyKey: 'order-3' }),
    );
    expect(error.type).toBe('StripeIdempotencyError');
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain("Try using a key other than 'order-3'");
  });
});

describe('refunds', () => {
  it('refund part, then the rest, then nothing more', async () => {
    const intent = await paid(2000);
    const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
    expect(part).toMatchObject({ object: 'refund', amount: 500, status: 'succeeded', payment_intent: intent.id });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(1500);
    const charge = await stripe.charges.retrieve(chargeOf(intent));
    expect(charge).toMatchObject({ amount_refunded: 2000, refunded: true });
    const more = await stripeError(stripe.refunds.create({ payment_intent: intent.id }));
    expect(more).toMatchObject({ type: 'StripeInvalidRequestError', code: 'charge_already_refunded' });
  });

  it('are safe to repeat with the same idempotency key', async () => {
    const intent = await paid(2000);
    const first = await stripe.refunds.create({ payment_intent: intent.id, amount: 700 }, { idempotencyKey: 'refund-1' });
    const again = await stripe.refunds.create({ payment_intent: intent.id, amount: 700 }, { idempotencyKey: 'refund-1' });
    expect(again.id).toBe(first.id);
    const charge = await stripe.charges.retrieve(chargeOf(intent));
    expect(charge.amount_refunded).toBe(700);
  });

  it('refuse more than was charged, and a payment that did not succeed', async () => {
    const intent = await paid(2000);
    const tooMuch = await stripeError(stripe.refunds.create({ payment_intent: intent.id, amount: 2001 }));
    expect(tooMuch).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    const unpaid = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' });
    const nothing = await stripeError(stripe.refunds.create({ payment_intent: unpaid.id }));
    expect(nothing.type).toBe('StripeInvalidRequestError');
  });
});
