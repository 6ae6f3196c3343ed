import { afterAll, beforeAll, expect, it } from 'vitest';
import { chargeResponseSchema, type ChargeRequest } from '#core/schemas/payments';
import { useTestDatabase } from '../../testing/database.ts';
import { newIdempotencyKey, servePayments, type PaymentsServer } from './testing.ts';

/**
 * A resubmit after a lost answer, with the card typed again: the first PaymentIntent succeeded
 * at the provider, its webhook has not been handled yet (a slow or failed delivery), and the
 * checkout sends the same idempotency key with a new PaymentMethod made from the retyped card.
 *
 * Known fault, reported with issue 12 (charge-service.ts is being reworked elsewhere): the
 * order is still `pending`, and the provider's idempotency key is made of the order and the
 * PaymentMethod, so the new PaymentMethod is charged as a second attempt: the buyer pays twice.
 * `it.fails` keeps the case on record and turns red once the service asks the provider about
 * the order's last attempt before making another; then it becomes a plain `it`.
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

it.fails('charges once when the resubmit after a lost answer carries a new PaymentMethod for the same card', async () => {
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
