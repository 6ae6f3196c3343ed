import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database.ts';
import { newIdempotencyKey, servePayments, type PaymentsServer } from './testing.ts';

/** Charge attempts per client address are limited: card testing runs through endpoints like this one. */
const database = useTestDatabase();
let app: PaymentsServer;

beforeAll(async () => {
  app = await servePayments(database().sql, { CHARGE_LIMIT_PER_CLIENT: '2' });
});
afterAll(() => app.close());

const charge = (body: unknown) =>
  fetch(`${app.server.url}/api/charge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

it('refuses the attempt past the limit with 429, before it reaches the provider; malformed requests do not count', async () => {
  const card = (paymentMethodId: string) => ({ name: 'Ada', email: 'ada@example.test', paymentMethodId, idempotencyKey: newIdempotencyKey() });
  expect((await charge({ name: 'Ada' })).status).toBe(400);
  expect((await charge(card('pm_card_chargeDeclined'))).status).toBe(200);
  expect((await charge(card('pm_card_chargeDeclined'))).status).toBe(200);
  const before = (await app.stripe.paymentIntents.list({ limit: 100 })).data.length;
  const refused = await charge(card('pm_card_visa'));
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ error: 'RATE_LIMITED', message: expect.stringMatching(/^Too many payment attempts\. Try again in/) as unknown });
  expect((await app.stripe.paymentIntents.list({ limit: 100 })).data.length).toBe(before);
  // One count for both one-time products: the other endpoint is no way around it.
  const sounds = await fetch(`${app.server.url}/api/chargeHumanSounds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(card('pm_card_visa')) });
  expect(sounds.status).toBe(429);
  expect((await app.stripe.paymentIntents.list({ limit: 100 })).data.length).toBe(before);
});
