import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICES_CENTS } from '#core/plans/prices';
import { accountPurchasesSchema, chargeResponseSchema, paymentsConfigSchema, type ChargeResponse } from '#core/schemas/payments';
import { useTestDatabase } from '../../testing/database.ts';
import { rawRequest } from '../../testing/raw-http.ts';
import { createTestUser } from '../../testing/users.ts';
import { newIdempotencyKey, servePayments, TEST_WEBHOOK_SECRET, type PaymentsServer } from './testing.ts';

/**
 * THE PASS end to end: the real HTTP API, the real `stripe` SDK, the local Stripe mounted on the
 * product's own port, and its signed webhooks delivered to the product's webhook route.
 */
const database = useTestDatabase();
let app: PaymentsServer;

beforeAll(async () => {
  app = await servePayments(database().sql);
});
afterAll(() => app.close());

let buyers = 0;
function buyer(paymentMethodId: string, extra: Record<string, unknown> = {}) {
  buyers += 1;
  return { name: `Buyer ${buyers}`, email: `buyer${buyers}@example.test`, paymentMethodId, idempotencyKey: newIdempotencyKey(), ...extra };
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${app.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function charge(body: unknown, headers: Record<string, string> = {}): Promise<ChargeResponse> {
  const response = await post('/api/charge', body, headers);
  expect(response.status).toBe(200);
  return chargeResponseSchema.parse(await response.json());
}

async function orderRow(id: string) {
  const [row] = await database().sql<{ status: string; amount_cents: number; provider_id: string | null; user_id: string | null }[]>`
    select status, amount_cents, provider_id, user_id from orders where id = ${id}`;
  return row;
}

async function mailTo(email: string) {
  return database().sql<{ subject: string; body: string }[]>`select subject, body from mail_outbox where to_address = ${email}`;
}

async function onList(email: string): Promise<boolean> {
  const rows = await database().sql`select 1 from next_product_notices where email = ${email}`;
  return rows.length === 1;
}

async function orderState(id: string, key: string): Promise<ChargeResponse> {
  const response = await fetch(`${app.server.url}/api/orders/${id}?key=${key}`);
  expect(response.status).toBe(200);
  return chargeResponseSchema.parse(await response.json());
}

describe('THE PASS with a card that pays', () => {
  it('charges USD 20 from the price list (not the body), fulfils from the webhook: order, receipt, the list', async () => {
    const body = buyer('pm_card_visa', { amount: 1, amountCents: 1 });
    const answer = await charge(body);
    expect(answer).toMatchObject({ success: true, status: 'succeeded' });
    const orderId = answer.orderId ?? '';
    // The answer reports; fulfilment waits for the verified webhook.
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', amount_cents: PRICES_CENTS.pass });
    expect(await mailTo(body.email)).toEqual([]);

    await app.deliverWebhooks();
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'succeeded', amount_cents: 2000 });
    const intent = await app.stripe.paymentIntents.retrieve(order?.provider_id ?? '');
    expect(intent).toMatchObject({ amount: 2000, currency: 'usd', status: 'succeeded', metadata: { order_id: orderId } });

    const mail = await mailTo(body.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain('THE PASS');
    expect(mail[0]?.body).toContain('$20');
    expect(mail[0]?.body).toContain("We'll e-mail you when the next product ships.");
    expect(await onList(body.email)).toBe(true);
    expect(await orderState(orderId, body.idempotencyKey)).toMatchObject({ success: true, status: 'succeeded' });
  });

  it('charges once for a double submit with the same idempotency key', async () => {
    const body = buyer('pm_card_visa');
    const before = (await app.stripe.paymentIntents.list({ limit: 100 })).data.length;
    const answers = await Promise.all([charge(body), charge(body), charge(body)]);
    expect(answers.map((answer) => answer.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(new Set(answers.map((answer) => answer.orderId)).size).toBe(1);
    const after = await app.stripe.paymentIntents.list({ limit: 100 });
    expect(after.data.length - before).toBe(1);
    const orders = await database().sql`select id from orders where idempotency_key = ${body.idempotencyKey}`;
    expect(orders).toHaveLength(1);

    await app.deliverWebhooks();
    expect(await mailTo(body.email)).toHaveLength(1);
    // A resubmit after the answer was lost: the same order, already paid, nothing charged again.
    expect(await charge(body)).toMatchObject({ success: true, orderId: answers[0].orderId });
    expect((await app.stripe.paymentIntents.list({ limit: 100 })).data.length - before).toBe(1);
  });

  it('ties the order to a live session, and the account then has the pass', async () => {
    const user = await createTestUser(database().sql, 'passholder@example.test');
    const purchases = async (authorization: string) => {
      const response = await fetch(`${app.server.url}/api/account/purchases`, { headers: { authorization } });
      expect(response.status).toBe(200);
      return accountPurchasesSchema.parse(await response.json());
    };
    expect((await purchases(user.authorization)).hasPass).toBe(false);
    const answer = await charge(buyer('pm_card_visa'), { authorization: user.authorization });
    await app.deliverWebhooks();
    expect((await orderRow(answer.orderId ?? ''))?.user_id).toBe(user.userId);
    const reply = await purchases(user.authorization);
    expect(reply).toMatchObject({ hasPass: true, purchases: [{ orderId: answer.orderId, kind: 'pass', amountCents: 2000, status: 'succeeded' }] });
    const other = await createTestUser(database().sql, 'nopass@example.test');
    expect(await purchases(other.authorization)).toEqual({ hasPass: false, purchases: [] });
  });
});

describe('cards the bank refuses', () => {
  it.each([
    ['declined', 'pm_card_chargeDeclined', /card was declined\. No money was taken\. Try another card/],
    ['insufficient funds', 'pm_card_chargeDeclinedInsufficientFunds', /insufficient funds\. No money was taken\. Try another card/],
  ])('%s: failed with what happened and what to do, HTTP 200, nothing fulfilled', async (_name, paymentMethodId, words) => {
    const body = buyer(paymentMethodId);
    const answer = await charge(body);
    expect(answer).toMatchObject({ success: false, status: 'failed' });
    expect(answer.message).toMatch(/^Error: /);
    expect(answer.message).toMatch(words);
    await app.deliverWebhooks();
    expect((await orderRow(answer.orderId ?? ''))?.status).toBe('failed');
    expect(await mailTo(body.email)).toEqual([]);
    expect(await onList(body.email)).toBe(false);

    // Another card on the same checkout (same idempotency key) is a new attempt, and pays.
    const retry = await charge({ ...body, paymentMethodId: 'pm_card_visa' });
    expect(retry).toMatchObject({ success: true, orderId: answer.orderId });
    // Before the webhook the order still reads failed; its state asks the provider about the new attempt.
    expect((await orderRow(answer.orderId ?? ''))?.status).toBe('failed');
    expect(await orderState(answer.orderId ?? '', body.idempotencyKey)).toMatchObject({ success: true, status: 'succeeded' });
    await app.deliverWebhooks();
    expect((await orderRow(answer.orderId ?? ''))?.status).toBe('succeeded');
    expect(await mailTo(body.email)).toHaveLength(1);
  });
});

describe('a card that asks for authentication', () => {
  async function startAuthentication() {
    const body = buyer('pm_card_authenticationRequired');
    const answer = await charge(body);
    expect(answer).toMatchObject({ success: false, status: 'requires_action' });
    const next = new URL(answer.nextActionUrl ?? '');
    expect(next.origin).toBe(app.server.url);
    expect(next.pathname).toMatch(/^\/local-stripe\/authenticate\/pi_/);
    const orderId = answer.orderId ?? '';
    expect((await orderRow(orderId))?.status).toBe('requires_action');
    expect(await orderState(orderId, body.idempotencyKey)).toMatchObject({ status: 'requires_action' });
    const page = await fetch(next);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Complete authentication');
    return { body, orderId, next };
  }

  async function decide(next: URL, outcome: 'complete' | 'fail'): Promise<URL> {
    const form = new URLSearchParams({ client_secret: next.searchParams.get('client_secret') ?? '', outcome });
    const response = await fetch(`${next.origin}${next.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location') ?? '');
  }

  it('answers requires_action with the bank page; completing it there pays, through the webhook', async () => {
    const { body, orderId, next } = await startAuthentication();
    const back = await decide(next, 'complete');
    expect(back.pathname).toBe('/pay');
    expect(back.searchParams.get('order')).toBe(orderId);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    // Back on the app before the webhook: the provider's state is reported.
    expect(await orderState(orderId, body.idempotencyKey)).toMatchObject({ success: true, status: 'succeeded' });
    expect(await mailTo(body.email)).toEqual([]);

    await app.deliverWebhooks();
    expect((await orderRow(orderId))?.status).toBe('succeeded');
    expect(await mailTo(body.email)).toHaveLength(1);
    expect(await onList(body.email)).toBe(true);
  });

  it('failing it there fails the order', async () => {
    const { body, orderId, next } = await startAuthentication();
    expect((await decide(next, 'fail')).searchParams.get('redirect_status')).toBe('failed');
    await app.deliverWebhooks();
    expect((await orderRow(orderId))?.status).toBe('failed');
    const state = await orderState(orderId, body.idempotencyKey);
    expect(state).toMatchObject({ success: false, status: 'failed' });
    expect(state.message).toMatch(/^Error: .*No money was taken/);
  });

  it('sends the buyer to the bank page at the address the buyer used, served with a policy that lets it work', async () => {
    const { port } = new URL(app.server.url);
    const response = await rawRequest(app.server.url, {
      method: 'POST',
      path: '/api/charge',
      headers: { host: `localhost:${port}`, 'content-type': 'application/json' },
      body: JSON.stringify(buyer('pm_card_authenticationRequired')),
    });
    const answer = chargeResponseSchema.parse(JSON.parse(response.text));
    const next = new URL(answer.nextActionUrl ?? '');
    expect(next.origin).toBe(`http://localhost:${port}`);
    const page = await rawRequest(app.server.url, { method: 'GET', path: `${next.pathname}${next.search}`, headers: { host: next.host } });
    expect(page.text).toContain(`action="http://localhost:${port}/local-stripe/authenticate/`);
    expect(page.headers['content-security-policy']).toContain("style-src 'unsafe-inline'");
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
  });

  it('tells an order only to whom holds its idempotency key', async () => {
    const { orderId } = await startAuthentication();
    const response = await fetch(`${app.server.url}/api/orders/${orderId}?key=${newIdempotencyKey()}`);
    expect(response.status).toBe(404);
  });
});

describe('the webhook route', () => {
  async function paidIntentEvent(): Promise<{ event: Stripe.Event; email: string }> {
    const body = buyer('pm_card_visa');
    const answer = await charge(body);
    const order = await orderRow(answer.orderId ?? '');
    const events = await app.stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 });
    const event = events.data.find((item) => (item.data.object as Stripe.PaymentIntent).id === order?.provider_id);
    if (event === undefined) throw new Error('no payment_intent.succeeded event');
    return { event, email: body.email };
  }

  async function deliver(event: Stripe.Event, secret = TEST_WEBHOOK_SECRET): Promise<Response> {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return post('/api/payments/webhook', payload, { 'stripe-signature': signature });
  }

  it('fulfils a redelivered event (same id) once', async () => {
    const { event, email } = await paidIntentEvent();
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    // The local Stripe's own delivery of the same event is a third.
    await app.deliverWebhooks();
    expect(await mailTo(email)).toHaveLength(1);
    const handled = await database().sql`select 1 from webhook_events where event_id = ${event.id}`;
    expect(handled).toHaveLength(1);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { event, email } = await paidIntentEvent();
    const forged = await deliver(event, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: 'INVALID_REQUEST' });
    const unsigned = await post('/api/payments/webhook', JSON.stringify(event));
    expect(unsigned.status).toBe(400);
    const orderId = (event.data.object as Stripe.PaymentIntent).metadata.order_id ?? '';
    expect((await orderRow(orderId))?.status).toBe('pending');
    expect(await mailTo(email)).toEqual([]);
    expect(await database().sql`select 1 from webhook_events where event_id = ${event.id}`).toHaveLength(0);
  });

  it('marks a fully refunded order refunded', async () => {
    const body = buyer('pm_card_visa');
    const answer = await charge(body);
    await app.deliverWebhooks();
    const order = await orderRow(answer.orderId ?? '');
    await app.stripe.refunds.create({ payment_intent: order?.provider_id ?? '' });
    await app.deliverWebhooks();
    expect((await orderRow(answer.orderId ?? ''))?.status).toBe('refunded');
    expect(await orderState(answer.orderId ?? '', body.idempotencyKey)).toMatchObject({ success: false, status: 'refunded' });
  });
});

describe('bad requests', () => {
  it.each([
    ['no body', undefined, 'INVALID_REQUEST'],
    ['invalid JSON', '{"name":', 'INVALID_JSON'],
    ['no e-mail', { name: 'Ada', paymentMethodId: 'pm_card_visa', idempotencyKey: newIdempotencyKey() }, 'INVALID_REQUEST'],
    ['a bad e-mail', { name: 'Ada', email: 'ada', paymentMethodId: 'pm_card_visa', idempotencyKey: newIdempotencyKey() }, 'INVALID_REQUEST'],
    ['a card number for a PaymentMethod', { name: 'Ada', email: 'ada@example.test', paymentMethodId: '4242424242424242', idempotencyKey: newIdempotencyKey() }, 'INVALID_REQUEST'],
    ['a short idempotency key', { name: 'Ada', email: 'ada@example.test', paymentMethodId: 'pm_card_visa', idempotencyKey: 'abc' }, 'INVALID_REQUEST'],
    ['an unknown PaymentMethod', { name: 'Ada', email: 'ada@example.test', paymentMethodId: 'pm_nosuchthing', idempotencyKey: newIdempotencyKey() }, 'INVALID_REQUEST'],
  ])('%s: 400 %s', async (_name, body, code) => {
    const response = await post('/api/charge', body === undefined ? '' : body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: code });
  });

  it('an order id that is not one, or no key: 400', async () => {
    expect((await fetch(`${app.server.url}/api/orders/nope?key=${newIdempotencyKey()}`)).status).toBe(400);
    expect((await fetch(`${app.server.url}/api/orders/6f1c2a52-3c43-4c1c-9a65-0a1f2b3c4d5e`)).status).toBe(400);
  });
});

describe('GET /api/payments/config', () => {
  it('gives test mode a publishable key the local Stripe takes for PaymentMethods, as a browser would', async () => {
    const response = await fetch(`${app.server.url}/api/payments/config`);
    const config = paymentsConfigSchema.parse(await response.json());
    expect(config.mode).toBe('test');
    expect(config.publishableKey).toMatch(/^pk_test_/);
    const { port } = new URL(app.server.url);
    const browser = new Stripe(config.publishableKey, { host: '127.0.0.1', port: Number(port), protocol: 'http', maxNetworkRetries: 0 });
    const method = await browser.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } });
    expect(await charge(buyer(method.id))).toMatchObject({ success: true, status: 'succeeded' });
  });
});
