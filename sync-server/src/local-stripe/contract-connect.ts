/**
 * The Connect half of the contract (run by contract.test.ts against each Stripe it can reach):
 * what expert pages rely on. An Express account starts unable to take charges; an account link
 * sends a person to onboarding and back; a destination charge to an account that cannot take
 * transfers is refused; and, once an account is onboarded, a destination charge with an
 * application fee pays the account by a transfer, and a refund with `reverse_transfer` and
 * `refund_application_fee` takes the transfer back and returns the fee. Onboarding needs a person
 * at Stripe: against real Stripe that last scenario says so and is skipped.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventAbout, type Target } from './contract-targets.ts';
import { postForm, stripeError } from './testing.ts';

const DASHBOARD = 'https://memento.example/expert/dashboard';

function idOf(value: string | { readonly id: string } | null | undefined): string {
  if (value === null || value === undefined) throw new Error('expected an id');
  return typeof value === 'string' ? value : value.id;
}

function newExpress(stripe: Stripe): Promise<Stripe.Account> {
  return stripe.accounts.create({
    type: 'express',
    email: 'contract.expert@example.test',
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    metadata: { contract: 'connect' },
  });
}

/** Completes onboarding on the local Stripe's test page; null where only a person can (real Stripe). */
async function onboardLocally(stripe: Stripe, accountId: string, local: boolean): Promise<boolean> {
  if (!local) return false;
  const link = await stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: DASHBOARD, refresh_url: DASHBOARD });
  const done = await postForm(link.url, { outcome: 'complete' });
  expect(done.status).toBe(303);
  expect(done.headers.get('location')).toBe(DASHBOARD);
  return true;
}

export function connectContract(open: () => Promise<Target>): void {
  let target: Target | undefined;
  let stripe: Stripe;
  beforeAll(async () => {
    target = await open();
    ({ stripe } = target);
  });
  afterAll(() => target?.close());

  it('an Express account starts unable to take charges, and its account link leads to onboarding', async () => {
    const account = await newExpress(stripe);
    expect(account).toMatchObject({ object: 'account', type: 'express', charges_enabled: false, details_submitted: false });
    expect((await stripe.accounts.retrieve(account.id)).charges_enabled).toBe(false);
    const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', return_url: DASHBOARD, refresh_url: DASHBOARD });
    expect(link.object).toBe('account_link');
    expect(new URL(link.url).protocol).toMatch(/^https?:$/);
    expect(link.expires_at).toBeGreaterThan(link.created);
  });

  it('refuses a destination charge to an account that cannot take transfers yet', async () => {
    const account = await newExpress(stripe);
    const error = await stripeError(
      stripe.paymentIntents.create({
        amount: 2000,
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: true,
        return_url: DASHBOARD,
        transfer_data: { destination: account.id },
        application_fee_amount: 200,
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.code).toBe('insufficient_capabilities_for_transfer');
  });

  it('onboarded: a destination charge pays the account minus the fee; a refund reverses the transfer and returns the fee', async (context) => {
    const account = await newExpress(stripe);
    if (!(await onboardLocally(stripe, account.id, target?.webhooks !== null))) {
      context.skip('onboarding an Express account at real Stripe needs a person on its hosted page');
      return;
    }
    const updated = await eventAbout(stripe, 'account.updated', account.id);
    expect(updated.data.object).toMatchObject({ id: account.id, charges_enabled: true });
    expect((await stripe.accounts.retrieve(account.id)).charges_enabled).toBe(true);

    const intent = await stripe.paymentIntents.create({
      amount: 4550,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
      return_url: DASHBOARD,
      transfer_data: { destination: account.id },
      application_fee_amount: 455,
    });
    expect(intent).toMatchObject({ status: 'succeeded', application_fee_amount: 455, transfer_data: { destination: account.id } });
    const charge = await stripe.charges.retrieve(idOf(intent.latest_charge));
    const transfer = await stripe.transfers.retrieve(idOf(charge.transfer));
    expect(transfer).toMatchObject({ amount: 4550, destination: account.id, amount_reversed: 0 });
    expect(await stripe.applicationFees.retrieve(idOf(charge.application_fee))).toMatchObject({ amount: 455, amount_refunded: 0 });

    const refund = await stripe.refunds.create({ payment_intent: intent.id, reverse_transfer: true, refund_application_fee: true });
    expect(refund).toMatchObject({ amount: 4550, status: 'succeeded' });
    expect(refund.transfer_reversal).toMatch(/^trr_/);
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 4550, reversed: true });
    expect(await stripe.applicationFees.retrieve(idOf(charge.application_fee))).toMatchObject({ amount_refunded: 455, refunded: true });
    const again = await stripeError(stripe.refunds.create({ payment_intent: intent.id, reverse_transfer: true, refund_application_fee: true }));
    expect(again.code).toBe('charge_already_refunded');
  });
}
