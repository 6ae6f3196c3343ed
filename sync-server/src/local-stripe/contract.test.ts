import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingContract } from './contract-billing.ts';
import { connectContract } from './contract-connect.ts';
import { eventAbout, openLocal, openReal, REAL_KEY, type Target } from './contract-targets.ts';
import { stripeError, WEBHOOK_SECRET } from './testing.ts';

/**
 * The contract between the product and Stripe, written once and run against every Stripe we
 * can reach: the local Stripe always, and real Stripe in test mode when STRIPE_TEST_SECRET_KEY
 * holds a test secret key (`sk_test_…`). Only what the product relies on is asserted, in terms
 * both must meet: the test PaymentMethod ids, a payment that succeeds, declines, the bank's
 * authentication step, idempotency keys, refunds, events and their signatures. Every request
 * uses Stripe's public test ids, so nothing here can move money; a live key is refused.
 */

/** Where the bank's page sends the buyer back; no one follows it here. */
const RETURN_URL = 'https://memento.example/pay?order=contract';

/** Create and confirm in one call with a return address, as the product charges. */
function pay(stripe: Stripe, paymentMethod: string, amount = 2000, idempotencyKey?: string): Promise<Stripe.Response<Stripe.PaymentIntent>> {
  return stripe.paymentIntents.create(
    { amount, currency: 'usd', payment_method: paymentMethod, confirm: true, return_url: RETURN_URL },
    idempotencyKey === undefined ? undefined : { idempotencyKey },
  );
}

function chargeOf(intent: Stripe.PaymentIntent): string {
  if (typeof intent.latest_charge !== 'string') throw new Error('the payment made no charge');
  return intent.latest_charge;
}

function contract(open: () => Promise<Target>): void {
  let target: Target | undefined;
  let stripe: Stripe;
  beforeAll(async () => {
    target = await open();
    ({ stripe } = target);
  });
  afterAll(() => target?.close());

  it('the test id pm_card_visa pays: a succeeded PaymentIntent on a fresh PaymentMethod of that card', async () => {
    const intent = await pay(stripe, 'pm_card_visa');
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 2000, amount_received: 2000, currency: 'usd' });
    const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? '');
    expect(methodId).toMatch(/^pm_/);
    expect(methodId).not.toBe('pm_card_visa');
    const method = await stripe.paymentMethods.retrieve(methodId);
    expect(method).toMatchObject({ type: 'card', card: { brand: 'visa', last4: '4242' } });
    expect(await stripe.charges.retrieve(chargeOf(intent))).toMatchObject({ status: 'succeeded', paid: true, amount: 2000 });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it.each([
    ['pm_card_chargeDeclined', 'generic_decline'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
  ])('%s is declined: a 402 card error carrying the PaymentIntent, left waiting for another card', async (paymentMethod, declineCode) => {
    const error = await stripeError(pay(stripe, paymentMethod));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: declineCode });
    const intent = error.payment_intent;
    expect(intent?.status).toBe('requires_payment_method');
    expect(intent?.last_payment_error).toMatchObject({ code: 'card_declined', decline_code: declineCode });
    expect((await stripe.paymentIntents.retrieve(intent?.id ?? '')).status).toBe('requires_payment_method');
  });

  it('pm_card_authenticationRequired asks for the bank: requires_action with a page that returns to our return_url', async () => {
    const intent = await pay(stripe, 'pm_card_authenticationRequired');
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action?.type).toBe('redirect_to_url');
    expect(intent.next_action?.redirect_to_url?.return_url).toBe(RETURN_URL);
    expect(new URL(intent.next_action?.redirect_to_url?.url ?? '').protocol).toMatch(/^https?:$/);
    // Abandoned at the bank: the checkout may cancel it, and nothing was charged.
    const canceled = await stripe.paymentIntents.cancel(intent.id);
    expect(canceled).toMatchObject({ status: 'canceled', amount_received: 0 });
  });

  it('an idempotency key replays the first answer (success or decline), and refuses other parameters', async () => {
    const key = `contract-${randomUUID()}`;
    const first = await pay(stripe, 'pm_card_visa', 2000, key);
    const again = await pay(stripe, 'pm_card_visa', 2000, key);
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');

    const declineKey = `contract-${randomUUID()}`;
    const declined = await stripeError(pay(stripe, 'pm_card_chargeDeclined', 2000, declineKey));
    const replayed = await stripeError(pay(stripe, 'pm_card_chargeDeclined', 2000, declineKey));
    expect(replayed).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(replayed.payment_intent?.id).toBe(declined.payment_intent?.id);

    const other = await stripeError(pay(stripe, 'pm_card_visa', 2500, key));
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other.statusCode).toBe(400);
  });

  it('refunds part, then the rest, then refuses more; the charge says refunded', async () => {
    const intent = await pay(stripe, 'pm_card_visa');
    const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
    expect(part).toMatchObject({ object: 'refund', amount: 500, status: 'succeeded' });
    expect(await stripe.charges.retrieve(chargeOf(intent))).toMatchObject({ amount_refunded: 500, refunded: false });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest).toMatchObject({ amount: 1500, status: 'succeeded' });
    expect(await stripe.charges.retrieve(chargeOf(intent))).toMatchObject({ amount_refunded: 2000, refunded: true });
    const more = await stripeError(stripe.refunds.create({ payment_intent: intent.id }));
    expect(more).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(more.code).toBe('charge_already_refunded');
  });

  it('records events the product fulfils from, which verify by signature as the webhook route checks them', async () => {
    const intent = await pay(stripe, 'pm_card_visa');
    const event = await eventAbout(stripe, 'payment_intent.succeeded', intent.id);
    expect(event.data.object).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 2000 });
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(stripe.webhooks.constructEvent(payload, header, WEBHOOK_SECRET).id).toBe(event.id);
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_someone_else')).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(payload.replace('2000', '1'), header, WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    const refunded = await eventAbout(stripe, 'charge.refunded', chargeOf(intent));
    expect(refunded.data.object).toMatchObject({ refunded: true, amount_refunded: 2000, payment_intent: intent.id });
    expect(refund.charge).toBe(chargeOf(intent));
  });

  it('delivers its events to our endpoint signed with our secret (where the provider can reach us)', async (context) => {
    const webhooks = target?.webhooks ?? null;
    if (webhooks === null) {
      context.skip('real Stripe cannot reach an endpoint on this machine; `stripe listen --forward-to` would be needed');
      return;
    }
    const intent = await pay(stripe, 'pm_card_visa');
    await webhooks.deliverDue();
    const events = webhooks.receiver.receipts.map((receipt) =>
      stripe.webhooks.constructEvent(receipt.body, String(receipt.headers['stripe-signature']), WEBHOOK_SECRET),
    );
    const succeeded = events.find((event) => event.type === 'payment_intent.succeeded' && event.data.object.id === intent.id);
    expect(succeeded?.data.object).toMatchObject({ status: 'succeeded', amount_received: 2000 });
  });
}

const SKIPPED = REAL_KEY === '' ? ' (skipped: set STRIPE_TEST_SECRET_KEY=sk_test_… to run it; Stripe cannot be reached from here)' : '';

describe('contract: the local Stripe', () => contract(openLocal));

describe('contract, subscriptions: the local Stripe', () => billingContract(openLocal));

describe('contract, Connect: the local Stripe', () => connectContract(openLocal));

describe.skipIf(REAL_KEY === '')(`contract: real Stripe in test mode${SKIPPED}`, () => contract(openReal));

describe.skipIf(REAL_KEY === '')(`contract, Connect: real Stripe in test mode${SKIPPED}`, () => connectContract(openReal));

describe.skipIf(REAL_KEY === '')(`contract, subscriptions: real Stripe in test mode${SKIPPED}`, () => billingContract(openReal));
