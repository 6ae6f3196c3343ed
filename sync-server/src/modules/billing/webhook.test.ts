import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { useTestDatabase } from '../../testing/database.ts';
import { TEST_WEBHOOK_SECRET } from '../payments/testing.ts';
import { accountTypeOf, mailTo, newPerson, serveBilling, upgrade, type BillingServer } from './testing.ts';

/**
 * The account type follows the plan only through verified webhooks: a forged event changes
 * nothing, a redelivered one is recognised by its id, and even a genuine but stale event cannot
 * make an account Pro, because the subscription is read from the provider as it is now.
 */
const database = useTestDatabase();
let app: BillingServer;
beforeAll(async () => {
  app = await serveBilling(database().sql);
});
afterAll(() => app.close());

function post(payload: string, signature: string | null): Promise<Response> {
  return fetch(`${app.server.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    body: payload,
  });
}
const signed = (payload: string, secret = TEST_WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

async function eventsOf(type: string, customer: string): Promise<Stripe.Event[]> {
  const { data } = await app.stripe.events.list({ type, limit: 100 });
  return data.filter((event) => (event.data.object as { customer?: unknown }).customer === customer);
}

async function customerOf(userId: string): Promise<string> {
  const [row] = await database().sql<{ provider_customer_id: string }[]>`select provider_customer_id from billing_customers where user_id = ${userId}`;
  return row?.provider_customer_id ?? '';
}

it('refuses a forged or unsigned event with 400, and the account stays as it was', async () => {
  const ivy = await newPerson(app, database().sql, 'ivy.forged@example.test');
  await upgrade(app, ivy, 'pm_card_chargeDeclined');
  const customer = await customerOf(ivy.userId);
  const forged = JSON.stringify({
    id: 'evt_forged_1',
    object: 'event',
    type: 'customer.subscription.updated',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'sub_forged', object: 'subscription', customer, status: 'active', cancel_at_period_end: false } },
  });
  for (const signature of [signed(forged, 'whsec_someone_else'), null, 't=1,v1=00']) {
    const response = await post(forged, signature);
    expect(response.status).toBe(400);
    expect(apiErrorBodySchema.parse(await response.json()).error).toBe('INVALID_REQUEST');
  }
  expect(await accountTypeOf(app, ivy)).toBe(0);
  expect(await database().sql`select 1 from webhook_events where event_id = 'evt_forged_1'`).toHaveLength(0);
});

it('handles a redelivered event once: no second receipt, no second record', async () => {
  const jo = await newPerson(app, database().sql, 'jo.twice@example.test');
  await upgrade(app, jo);
  await app.deliverWebhooks();
  expect(await accountTypeOf(app, jo)).toBe(1);
  const [paid] = await eventsOf('invoice.paid', await customerOf(jo.userId));
  if (paid === undefined) throw new Error('no invoice.paid event');
  const payload = JSON.stringify(paid);
  const again = await post(payload, signed(payload));
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ received: true, duplicate: true });
  expect(await mailTo(database().sql, jo.email)).toHaveLength(1);
  expect(await database().sql`select 1 from webhook_events where event_id = ${paid.id}`).toHaveLength(1);
});

it('reads the plan from the provider: a genuine but stale event cannot bring back an ended plan', async () => {
  const kai = await newPerson(app, database().sql, 'kai.stale@example.test');
  await upgrade(app, kai);
  await app.deliverWebhooks();
  const customer = await customerOf(kai.userId);
  const [created] = await eventsOf('customer.subscription.created', customer);
  if (created === undefined) throw new Error('no customer.subscription.created event');
  // The plan ends at the provider (and its events arrive).
  const subscriptionId = (created.data.object as Stripe.Subscription).id;
  await app.stripe.subscriptions.cancel(subscriptionId);
  await app.deliverWebhooks();
  expect(await accountTypeOf(app, kai)).toBe(0);

  // An old 'active' event, correctly signed but delivered late under a new id.
  const stale = JSON.stringify({ ...created, id: 'evt_late_copy_1', type: 'customer.subscription.updated' });
  const response = await post(stale, signed(stale));
  expect(response.status).toBe(200);
  expect(await accountTypeOf(app, kai)).toBe(0);
});

it('leaves alone an event about a customer this server did not make', async () => {
  const stranger = await app.stripe.customers.create({ email: 'stranger@example.test' });
  const method = await app.stripe.paymentMethods.attach('pm_card_visa', { customer: stranger.id });
  const price = (await app.stripe.prices.list({ lookup_keys: ['memento_pro_monthly'] })).data[0]?.id ?? '';
  await app.stripe.subscriptions.create({ customer: stranger.id, items: [{ price }], default_payment_method: method.id });
  await app.deliverWebhooks();
  expect(await database().sql`select 1 from subscriptions where provider_customer_id = ${stranger.id}`).toHaveLength(0);
});
