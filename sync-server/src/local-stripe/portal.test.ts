import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerWithCard, eventsOf, monthlyPrice, periodOf } from './billing-testing.ts';
import { HOUR } from './billing-time.ts';
import type { RunningLocalStripe } from './local-stripe.ts';
import { day } from './pages.ts';
import { postForm, startForTest, stripeError } from './testing.ts';

/** Billing Portal sessions and their test page: the plan, the next payment, the card, invoices, cancel and renew. */

const RETURN_URL = 'http://127.0.0.1:9/account';

let local: RunningLocalStripe;
let stripe: Stripe;
let subscription: Stripe.Subscription;
let customer: Stripe.Customer;
let clock: Stripe.TestHelpers.TestClock;
beforeEach(async () => {
  ({ local, stripe } = await startForTest());
  const price = await monthlyPrice(stripe);
  clock = await stripe.testHelpers.testClocks.create({ frozen_time: Date.UTC(2031, 2, 3, 8) / 1000 });
  ({ customer } = await customerWithCard(stripe, 'pm_card_visa', { testClock: clock.id }));
  subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
});
afterEach(() => local.close());

async function portalUrl(): Promise<string> {
  const session = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: RETURN_URL });
  expect(session).toMatchObject({ object: 'billing_portal.session', customer: customer.id, return_url: RETURN_URL });
  expect(session.configuration).toMatch(/^bpc_/);
  expect(session.url.startsWith(`${local.url}/local-stripe/billing/`)).toBe(true);
  return session.url;
}

async function pageText(url: string): Promise<string> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  return page.text();
}

describe('the billing portal page', () => {
  it('shows the plan, the next payment and its date, the card, the invoices and the way back, without script', async () => {
    const html = await pageText(await portalUrl());
    expect(html).toContain('Test mode: no money moves');
    expect(html).toContain('Memento Pro (test)');
    expect(html).toContain('USD 15.00 per month');
    expect(html).toContain(`Next payment: USD 15.00 on ${day(periodOf(subscription).end)}`);
    expect(html).toContain('3 April 2031');
    expect(html).toContain('Visa ending in 4242');
    expect(html).toMatch(/<td>3 March 2031<\/td><td>USD 15.00<\/td><td>Paid<\/td>/);
    expect(html).toContain(`<a href="${RETURN_URL}">Return to 127.0.0.1:9</a>`);
    expect(html).toContain('Cancel plan');
    expect(html).not.toContain('<script');
  });

  it('Cancel plan sets cancel_at_period_end (announced); the page then says when it ends and offers Renew plan', async () => {
    const url = await portalUrl();
    const answer = await postForm(url, { action: 'cancel', subscription: subscription.id });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${url}?done=canceled`);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const [event] = await eventsOf(stripe, 'customer.subscription.updated');
    expect(event?.data).toMatchObject({ object: { cancel_at_period_end: true }, previous_attributes: { cancel_at_period_end: false } });
    expect(event?.request).toBeNull();

    const html = await pageText(`${url}?done=canceled`);
    expect(html).toContain('role="status"');
    expect(html).toContain(`Your plan ends on ${day(periodOf(subscription).end)}`);
    expect(html).toContain('Renew plan');

    expect((await postForm(url, { action: 'renew', subscription: subscription.id })).status).toBe(303);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
  });

  it('after a cancellation, the plan ends with the period: the page has no current plan', async () => {
    const url = await portalUrl();
    await postForm(url, { action: 'cancel', subscription: subscription.id });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: periodOf(subscription).end + HOUR });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    expect(await pageText(url)).toContain('You have no current plan.');
  });

  it('refuses to change another customer’s plan, and an unknown link', async () => {
    const price = await monthlyPrice(stripe);
    const other = await customerWithCard(stripe, 'pm_card_visa', { email: 'eve@example.test' });
    const theirs = await stripe.subscriptions.create({ customer: other.customer.id, items: [{ price: price.id }] });
    const answer = await postForm(await portalUrl(), { action: 'cancel', subscription: theirs.id });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('role="alert"');
    expect((await stripe.subscriptions.retrieve(theirs.id)).cancel_at_period_end).toBe(false);
    expect((await fetch(`${local.url}/local-stripe/billing/bps_nope`)).status).toBe(404);
  });

  it('sessions refuse a missing or unknown customer in Stripe’s shape', async () => {
    const unknown = await stripeError(stripe.billingPortal.sessions.create({ customer: 'cus_nope' }));
    expect(unknown).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'resource_missing', param: 'customer' });
    const badUrl = await stripeError(stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'nowhere' }));
    expect(badUrl).toMatchObject({ statusCode: 400, param: 'return_url' });
  });
});
