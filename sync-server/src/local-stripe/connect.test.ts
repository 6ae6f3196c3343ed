import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOf } from './ids.ts';
import type { RunningLocalStripe } from './local-stripe.ts';
import { postForm, startForTest, stripeError } from './testing.ts';

/**
 * The local Stripe's Connect beyond the contract: Stripe's refusals of bad Connect parameters, the
 * onboarding page's link rules (used once, expiring, labelled), and a partial refund's share of
 * the transfer and the fee.
 */
let local: RunningLocalStripe;
let stripe: Stripe;
let now = Date.UTC(2031, 0, 10, 12);
const BACK = 'https://memento.example/expert/dashboard';
const AGAIN = 'https://memento.example/expert/dashboard?again=1';

beforeAll(async () => {
  ({ local, stripe } = await startForTest({ clock: { now: () => now } }));
});
afterAll(() => local.close());

async function account(onboarded: boolean): Promise<Stripe.Account> {
  const made = await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true }, card_payments: { requested: true } } });
  if (onboarded) {
    const link = await stripe.accountLinks.create({ account: made.id, type: 'account_onboarding', return_url: BACK, refresh_url: AGAIN });
    expect((await postForm(link.url, { outcome: 'complete' })).status).toBe(303);
  }
  return stripe.accounts.retrieve(made.id);
}

describe('Connect parameters', () => {
  it('refuses an unknown destination, a fee above the amount, and a fee without a destination', async () => {
    const base = { amount: 2000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true, return_url: BACK } as const;
    const unknown = await stripeError(stripe.paymentIntents.create({ ...base, transfer_data: { destination: 'acct_nobody' } }));
    expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'transfer_data[destination]' });
    const ready = await account(true);
    const tooBig = await stripeError(stripe.paymentIntents.create({ ...base, transfer_data: { destination: ready.id }, application_fee_amount: 2001 }));
    expect(tooBig).toMatchObject({ statusCode: 400, param: 'application_fee_amount' });
    const alone = await stripeError(stripe.paymentIntents.create({ ...base, application_fee_amount: 100 }));
    expect(alone).toMatchObject({ statusCode: 400, param: 'application_fee_amount' });
    const plain = await stripe.paymentIntents.create(base);
    const reverse = await stripeError(stripe.refunds.create({ payment_intent: plain.id, reverse_transfer: true }));
    expect(reverse).toMatchObject({ statusCode: 400, param: 'reverse_transfer' });
  });

  it('turns on charges, payouts and the requested capabilities when onboarding completes, with account.updated', async () => {
    const ready = await account(true);
    expect(ready).toMatchObject({ charges_enabled: true, payouts_enabled: true, details_submitted: true, capabilities: { transfers: 'active', card_payments: 'active' } });
    const events = await stripe.events.list({ type: 'account.updated' });
    const event = events.data.find((one) => one.type === 'account.updated' && one.data.object.id === ready.id);
    expect(event?.data.previous_attributes).toMatchObject({ charges_enabled: false });
  });
});

describe('the onboarding page', () => {
  it('is labelled as a test page, used once, and sends an expired or used link to its refresh address', async () => {
    const made = await account(false);
    const link = await stripe.accountLinks.create({ account: made.id, type: 'account_onboarding', return_url: BACK, refresh_url: AGAIN });
    const page = await fetch(link.url);
    const html = await page.text();
    expect(html).toContain('Test mode');
    expect(html).toContain('Complete test onboarding');
    const left = await postForm(link.url, { outcome: 'leave' });
    expect(left.headers.get('location')).toBe(BACK);
    expect((await stripe.accounts.retrieve(made.id)).charges_enabled).toBe(false);
    const reused = await fetch(link.url, { redirect: 'manual' });
    expect(reused.headers.get('location')).toBe(AGAIN);

    const fresh = await stripe.accountLinks.create({ account: made.id, type: 'account_onboarding', return_url: BACK, refresh_url: AGAIN });
    now += (fresh.expires_at - fresh.created) * 1000;
    const expired = await postForm(fresh.url, { outcome: 'complete' });
    expect(expired.headers.get('location')).toBe(AGAIN);
    expect((await stripe.accounts.retrieve(made.id)).charges_enabled).toBe(false);
    const unknown = await fetch(`${local.url}/local-stripe/connect/onboarding/nosuchlink`);
    expect(unknown.status).toBe(404);
  });
});

describe('refunds of destination charges', () => {
  it('reverses the refunded share of the transfer and of the fee, then the rest', async () => {
    const ready = await account(true);
    const intent = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
      return_url: BACK,
      transfer_data: { destination: ready.id },
      application_fee_amount: 300,
    });
    const charge = await stripe.charges.retrieve(idOf(intent.latest_charge) ?? '');
    await stripe.refunds.create({ payment_intent: intent.id, amount: 1000, reverse_transfer: true, refund_application_fee: true });
    expect(await stripe.transfers.retrieve(idOf(charge.transfer) ?? '')).toMatchObject({ amount_reversed: 1000, reversed: false });
    expect(await stripe.applicationFees.retrieve(idOf(charge.application_fee) ?? '')).toMatchObject({ amount_refunded: 100, refunded: false });
    await stripe.refunds.create({ payment_intent: intent.id, reverse_transfer: true, refund_application_fee: true });
    expect(await stripe.transfers.retrieve(idOf(charge.transfer) ?? '')).toMatchObject({ amount_reversed: 3000, reversed: true });
    expect(await stripe.applicationFees.retrieve(idOf(charge.application_fee) ?? '')).toMatchObject({ amount_refunded: 300, refunded: true });
    const listed = await stripe.transfers.list({ destination: ready.id });
    expect(listed.data.map((transfer) => transfer.id)).toEqual([idOf(charge.transfer) ?? '']);
  });
});
