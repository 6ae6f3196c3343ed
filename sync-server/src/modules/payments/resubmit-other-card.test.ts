import { afterAll, beforeAll, expect, it } from 'vitest';
import { chargeResponseSchema, type ChargeRequest } from '#core/schemas/payments';
import { useTestDatabase } from '../../testing/database.ts';
import { newIdempotencyKey, servePayments, type PaymentsServer } from './testing.ts';

/**
 * A resubmit after a lost answer, with the card typed again: the first PaymentIntent succeeded
 * at the provider, its webhook has not been handled yet (a slow or failed delivery), and the
 * checkout sends the same idempotency key with a new PaymentMethod made from the retyped card.
 *
 * The provider's idempotency key is made of the order and the PaymentMethod, so the new
 * PaymentMethod alone would be a second payment: the service asks the provider about the order's
 * last attempt first and reports it.
 */
const database = useTestDatabase();
let app: PaymentsServer;

beforeAll(async () => {
  app = await servePayments(database().sql);
});
afterAll(() => app.close());

/** A PaymentMethod for Stripe's 4242 test card, as the card field makes one each time the card is typed. */
async function typedCard(): Promise<string> {
  const card = { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' };
  return (await app.stripe.paymentMethods.create({ type: 'card', card })).id;
}

async function charge(body: ChargeRequest) {
  const response = await fetch(`${app.server.url}/api/charge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return chargeResponseSchema.parse(await response.json());
}

it('charges once when the resubmit after a lost answer carries a new PaymentMethod for the same card', async () => {
  const first = { name: 'Ada', email: 'retyped@example.test', paymentMethodId: await typedCard(), idempotencyKey: newIdempotencyKey() };
  const lost = await charge(first);
  expect(lost).toMatchObject({ success: true, status: 'succeeded' });

  // The same checkout, the card typed again: another PaymentMethod.
  const again = await charge({ ...first, paymentMethodId: await typedCard() });
  expect(again.orderId).toBe(lost.orderId);
  const paid = (await app.stripe.paymentIntents.list({ limit: 100 })).data.filter(
    (intent) => intent.metadata.order_id === lost.orderId && intent.status === 'succeeded',
  );
  expect(paid).toHaveLength(1);
});

it('cancels an attempt still waiting for the bank before another card pays, so only one can take the money', async () => {
  const authentication = { number: '4000002500003155', exp_month: 12, exp_year: 2040, cvc: '123' };
  const waiting = { name: 'Ada', email: 'switched@example.test', paymentMethodId: '', idempotencyKey: newIdempotencyKey() };
  waiting.paymentMethodId = (await app.stripe.paymentMethods.create({ type: 'card', card: authentication })).id;
  const first = await charge(waiting);
  expect(first).toMatchObject({ status: 'requires_action' });

  // The buyer leaves the bank's page open and pays with another card instead.
  const second = await charge({ ...waiting, paymentMethodId: await typedCard() });
  expect(second).toMatchObject({ success: true, status: 'succeeded', orderId: first.orderId });
  const intents = (await app.stripe.paymentIntents.list({ limit: 100 })).data.filter((intent) => intent.metadata.order_id === first.orderId);
  expect(intents.map((intent) => intent.status).sort()).toEqual(['canceled', 'succeeded']);
});

it('a resubmit with the same card while the bank is still checking reports that same attempt, and cancels nothing', async () => {
  const authentication = { number: '4000002500003155', exp_month: 12, exp_year: 2040, cvc: '123' };
  const paymentMethodId = (await app.stripe.paymentMethods.create({ type: 'card', card: authentication })).id;
  const request = { name: 'Ada', email: 'same-card@example.test', paymentMethodId, idempotencyKey: newIdempotencyKey() };
  const first = await charge(request);
  expect(first).toMatchObject({ status: 'requires_action' });

  const again = await charge(request);
  expect(again).toMatchObject({ status: 'requires_action', orderId: first.orderId, nextActionUrl: first.nextActionUrl });
  const intents = (await app.stripe.paymentIntents.list({ limit: 100 })).data.filter((intent) => intent.metadata.order_id === first.orderId);
  expect(intents.map((intent) => intent.status)).toEqual(['requires_action']);
});

it('an attempt the provider no longer knows (the local Stripe restarted) does not block a new one', async () => {
  const idempotencyKey = newIdempotencyKey();
  await database().sql`
    insert into orders (kind, amount_cents, email, name, provider, provider_id, idempotency_key, status)
    values ('pass', 2000, 'restarted@example.test', 'Ada', 'test', 'pi_forgotten_by_a_restart', ${idempotencyKey}, 'pending')`;
  const answer = await charge({ name: 'Ada', email: 'restarted@example.test', paymentMethodId: await typedCard(), idempotencyKey });
  expect(answer).toMatchObject({ success: true, status: 'succeeded' });
});
