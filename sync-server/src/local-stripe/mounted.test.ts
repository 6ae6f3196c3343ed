import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveApp } from '../testing/app.ts';
import { useTestDatabase } from '../testing/database.ts';
import type { TestServer } from '../testing/http.ts';
import { customerWithCard, monthlyPrice } from './billing-testing.ts';
import { postForm } from './testing.ts';

/**
 * The hosted test pages as the product serves them in test mode, on its own port: under the
 * policy it sends for `/local-stripe/*` (no script at all, forms posting to this origin), the
 * Checkout and portal pages carry no script and post only to themselves, and still work.
 */
const database = useTestDatabase({ migrated: false });
let server: TestServer;
let stripe: Stripe;
beforeAll(async () => {
  server = await serveApp(database().sql);
  const { port } = new URL(server.url);
  stripe = new Stripe('sk_test_mounted', { host: '127.0.0.1', port: Number(port), protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(() => server.close());

async function servedPage(url: string): Promise<string> {
  expect(new URL(url).origin).toBe(server.url);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("default-src 'none'");
  expect(policy).not.toMatch(/script-src/);
  expect(policy).toContain("form-action 'self'");
  const html = await response.text();
  expect(html).not.toMatch(/<script|\son[a-z]+=/i);
  const actions = [...html.matchAll(/<form[^>]* action="([^"]+)"/g)].map((match) => match[1] ?? '');
  expect(actions.length).toBeGreaterThan(0);
  for (const action of actions) expect(new URL(action).origin).toBe(server.url);
  return html;
}

describe('mounted on the product', () => {
  it('serves a Checkout page that a script-free browser can pay, back to the product', async () => {
    const price = await monthlyPrice(stripe);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      customer_email: 'ada@example.test',
      success_url: `${server.url}/account?checkout={CHECKOUT_SESSION_ID}`,
    });
    await servedPage(session.url ?? '');
    const paid = await postForm(session.url ?? '', { action: 'pay', email: 'ada@example.test', number: '4242424242424242', expiry: '12/40', cvc: '123' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${server.url}/account?checkout=${session.id}`);
  });

  it('serves a portal page whose Cancel plan works the same way', async () => {
    const price = await monthlyPrice(stripe);
    const { customer } = await customerWithCard(stripe, 'pm_card_visa');
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: `${server.url}/account` });
    await servedPage(portal.url);
    expect((await postForm(portal.url, { action: 'cancel', subscription: subscription.id })).status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
  });
});
