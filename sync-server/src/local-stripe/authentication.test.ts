import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningLocalStripe } from './local-stripe.ts';
import { startForTest } from './testing.ts';

/**
 * A card that asks for authentication: `requires_action` with a redirect to the local test page,
 * where a person completes or fails the check (driven here with fetch, as a browser would).
 */

let local: RunningLocalStripe;
let stripe: Stripe;
beforeEach(async () => {
  ({ local, stripe } = await startForTest());
});
afterEach(() => local.close());

const RETURN_URL = 'http://127.0.0.1:9/pass/checkout?step=return';

async function needingAuthentication(paymentMethod: string): Promise<{ intent: Stripe.PaymentIntent; url: string }> {
  const intent = await stripe.paymentIntents.create({
    amount: 2000,
    currency: 'usd',
    payment_method: paymentMethod,
    confirm: true,
    return_url: RETURN_URL,
  });
  expect(intent.status).toBe('requires_action');
  expect(intent.next_action?.type).toBe('redirect_to_url');
  expect(intent.next_action?.redirect_to_url?.return_url).toBe(RETURN_URL);
  const url = intent.next_action?.redirect_to_url?.url ?? '';
  expect(url.startsWith(local.url)).toBe(true);
  return { intent, url };
}

async function choose(url: string, clientSecret: string, outcome: 'complete' | 'fail'): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Test mode: no money moves');
  expect(html).toContain('Complete authentication');
  expect(html).toContain('Fail authentication');
  const answer = await fetch(url.split('?')[0] ?? url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: clientSecret, outcome }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}

describe('authentication', () => {
  it('succeeds after the person completes it, and returns to return_url', async () => {
    const method = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4000002500003155', exp_month: 1, exp_year: 2041, cvc: '314' },
    });
    const { intent, url } = await needingAuthentication(method.id);
    const back = await choose(url, intent.client_secret ?? '', 'complete');
    expect(back.origin + back.pathname).toBe('http://127.0.0.1:9/pass/checkout');
    expect(back.searchParams.get('step')).toBe('return');
    expect(back.searchParams.get('payment_intent')).toBe(intent.id);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');

    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after).toMatchObject({ status: 'succeeded', next_action: null, amount_received: 2000 });
    expect(after.latest_charge).toMatch(/^ch_/);
    const types = (await stripe.events.list({ type: 'payment_intent.*' })).data.map((event) => event.type);
    expect(types).toEqual(['payment_intent.succeeded', 'payment_intent.requires_action', 'payment_intent.created']);
  });

  it('asks for another payment method after the person fails it', async () => {
    const { intent, url } = await needingAuthentication('pm_card_authenticationRequired');
    const back = await choose(url, intent.client_secret ?? '', 'fail');
    expect(back.searchParams.get('redirect_status')).toBe('failed');

    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
      latest_charge: null,
    });
    // The person may try again with another card.
    const retried = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(retried.status).toBe('succeeded');
  });

  it('refuses the page without the intent’s client secret, and once authentication is over', async () => {
    const { intent, url } = await needingAuthentication('pm_card_authenticationRequired');
    expect((await fetch(url.replace(/client_secret=[^&]+/, 'client_secret=wrong'))).status).toBe(404);
    await choose(url, intent.client_secret ?? '', 'complete');
    expect((await fetch(url)).status).toBe(409);
  });
});
