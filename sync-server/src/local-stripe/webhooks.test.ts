import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningLocalStripe } from './local-stripe.ts';
import { ManualScheduler } from './scheduler.ts';
import { startForTest, startReceiver, WEBHOOK_SECRET, type WebhookReceiver } from './testing.ts';

/**
 * Events and signed webhooks. Attempts run when the test moves the ManualScheduler on, so a
 * retry minutes later is tested without sleeping.
 */

let local: RunningLocalStripe;
let stripe: Stripe;
let receiver: WebhookReceiver;
let scheduler: ManualScheduler;
beforeEach(async () => {
  receiver = await startReceiver();
  scheduler = new ManualScheduler();
  ({ local, stripe } = await startForTest({ webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET, scheduler }));
});
afterEach(async () => {
  await local.close();
  await receiver.close();
});

/** Runs every attempt due now and waits for their answers. */
async function deliverDue(): Promise<void> {
  scheduler.advance(0);
  await local.webhooks.idle();
}

function verified(index: number): Stripe.Event {
  const receipt = receiver.receipts[index];
  if (receipt === undefined) throw new Error(`no delivery #${index}`);
  return stripe.webhooks.constructEvent(receipt.body, String(receipt.headers['stripe-signature']), WEBHOOK_SECRET);
}

async function pay(): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
}

describe('events', () => {
  it('are recorded for each state change, retrievable and listable through the SDK', async () => {
    const intent = await pay();
    const succeeded = await stripe.events.list({ type: 'payment_intent.succeeded' });
    expect(succeeded.data).toHaveLength(1);
    const event = succeeded.data[0];
    if (event?.type !== 'payment_intent.succeeded') throw new Error('expected payment_intent.succeeded');
    expect(event.data.object).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect(await stripe.events.retrieve(event.id)).toEqual(event);
    const all = await stripe.events.list();
    expect(all.data.map((each) => each.type)).toEqual([
      'payment_intent.succeeded',
      'charge.succeeded',
      'payment_intent.created',
    ]);
  });

  it('record a decline as payment_intent.payment_failed and a refund as charge.refunded', async () => {
    await stripe.paymentIntents
      .create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true })
      .catch(() => undefined);
    const intent = await pay();
    await stripe.refunds.create({ payment_intent: intent.id, amount: 300 });
    const types = (await stripe.events.list({ limit: 100 })).data.map((each) => each.type);
    expect(types).toContain('payment_intent.payment_failed');
    expect(types).toContain('charge.failed');
    expect(types).toContain('refund.created');
    const refunded = (await stripe.events.list({ type: 'charge.refunded' })).data[0];
    if (refunded?.type !== 'charge.refunded') throw new Error('expected charge.refunded');
    expect(refunded.data.object).toMatchObject({ amount_refunded: 300, refunded: false });
  });
});

describe('webhook delivery', () => {
  it('POSTs each event signed, so constructEvent verifies it', async () => {
    const intent = await pay();
    await deliverDue();
    expect(receiver.receipts).toHaveLength(3);
    const events = receiver.receipts.map((_, index) => verified(index));
    expect(events.map((event) => event.type)).toEqual([
      'payment_intent.created',
      'charge.succeeded',
      'payment_intent.succeeded',
    ]);
    const last = events[2];
    if (last?.type !== 'payment_intent.succeeded') throw new Error('expected payment_intent.succeeded');
    expect(last.data.object.id).toBe(intent.id);
    expect((await stripe.events.retrieve(last.id)).pending_webhooks).toBe(0);
  });

  it('is rejected by constructEvent with another secret or an altered body', async () => {
    await stripe.customers.create({ email: 'ada@example.test' });
    await deliverDue();
    const receipt = receiver.receipts[0];
    if (receipt === undefined) throw new Error('no delivery');
    const header = String(receipt.headers['stripe-signature']);
    expect(() => stripe.webhooks.constructEvent(receipt.body, header, 'whsec_someone_else')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const altered = receipt.body.replace('ada@example.test', 'eve@example.test');
    expect(() => stripe.webhooks.constructEvent(altered, header, WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('retries with growing delays after the receiver fails, carrying the same event id', async () => {
    receiver.answers.push(500, 503);
    await stripe.customers.create({ email: 'ada@example.test' });
    await deliverDue();
    expect(receiver.receipts).toHaveLength(1);

    // Nothing more happens before the first delay has passed.
    const firstDelay = scheduler.nextDelay() ?? 0;
    expect(firstDelay).toBeGreaterThan(0);
    scheduler.advance(firstDelay - 1);
    await local.webhooks.idle();
    expect(receiver.receipts).toHaveLength(1);
    scheduler.advance(1);
    await local.webhooks.idle();
    expect(receiver.receipts).toHaveLength(2);

    const secondDelay = scheduler.nextDelay() ?? 0;
    expect(secondDelay).toBeGreaterThan(firstDelay);
    scheduler.advance(secondDelay);
    await local.webhooks.idle();
    expect(receiver.receipts).toHaveLength(3);
    expect(scheduler.nextDelay()).toBeUndefined();

    const ids = receiver.receipts.map((_, index) => verified(index).id);
    expect(new Set(ids).size).toBe(1);
    expect(local.webhooks.attempts().map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
  });

  it('gives up after a bounded number of attempts', async () => {
    receiver.answers.push(...Array.from({ length: 20 }, () => 500));
    await stripe.customers.create({});
    await deliverDue();
    for (let delay = scheduler.nextDelay(); delay !== undefined; delay = scheduler.nextDelay()) {
      scheduler.advance(delay);
      await local.webhooks.idle();
    }
    expect(receiver.receipts.length).toBeGreaterThan(1);
    expect(receiver.receipts.length).toBeLessThan(10);
    const event = (await stripe.events.list()).data[0];
    expect(event?.pending_webhooks).toBe(1);
  });

  it('retries when the receiver cannot be reached at all', async () => {
    await receiver.close();
    await stripe.customers.create({});
    await deliverDue();
    expect(local.webhooks.attempts()).toEqual([expect.objectContaining({ attempt: 1, status: undefined })]);
    expect(scheduler.nextDelay()).toBeGreaterThan(0);
  });
});
