import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { cancelResponseSchema, resumeResponseSchema } from '#core/schemas/billing';
import { useTestDatabase } from '../../testing/database.ts';
import { accountTypeOf, advance, call, mailTo, newPerson, planOf, serveBilling, upgrade, type BillingServer, type Person } from './testing.ts';

/**
 * The plan over months, on test clocks: renewals paid and failed, cancelling outside and inside
 * the 48 hours after a renewal, undoing a cancellation, and the grace period ending in free.
 * The clock starts on 31 January 2031, so the first period ends on 28 February.
 */
const database = useTestDatabase();
let app: BillingServer;
beforeAll(async () => {
  app = await serveBilling(database().sql);
});
afterAll(() => app.close());

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = Date.UTC(2031, 0, 31, 9, 30) / 1000;
const FIRST_END = Date.UTC(2031, 1, 28, 9, 30) / 1000;
const SECOND_END = Date.UTC(2031, 2, 31, 9, 30) / 1000;
/** The local Stripe charges a renewal's invoice an hour after the period turns, as Stripe does. */
const RENEWAL_PAID = FIRST_END + HOUR;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

async function proOnClock(email: string): Promise<Person> {
  const person = await newPerson(app, database().sql, email, START);
  expect((await upgrade(app, person)).status).toBe(200);
  await app.deliverWebhooks();
  expect(await accountTypeOf(app, person)).toBe(1);
  return person;
}

async function cancel(person: Person) {
  const reply = await call(app, person, 'POST', '/api/billing/cancel');
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return cancelResponseSchema.parse(reply.body);
}

/** The charge that paid the person's latest invoice. */
async function latestCharge(person: Person): Promise<Stripe.Charge> {
  const [row] = await database().sql<{ provider_subscription_id: string }[]>`
    select provider_subscription_id from subscriptions where user_id = ${person.userId}`;
  const subscription = await app.stripe.subscriptions.retrieve(row?.provider_subscription_id ?? '');
  const invoiceId = typeof subscription.latest_invoice === 'string' ? subscription.latest_invoice : (subscription.latest_invoice?.id ?? '');
  const [payment] = (await app.stripe.invoicePayments.list({ invoice: invoiceId })).data;
  const intentId = payment?.payment.payment_intent;
  const intent = await app.stripe.paymentIntents.retrieve(typeof intentId === 'string' ? intentId : (intentId?.id ?? ''));
  const chargeId = intent.latest_charge;
  return app.stripe.charges.retrieve(typeof chargeId === 'string' ? chargeId : (chargeId?.id ?? ''));
}

describe('a renewal paid', () => {
  it('sends a second receipt and opens the 48 h window from its payment', async () => {
    const ada = await proOnClock('ada.renewal@example.test');
    expect((await planOf(app, ada)).currentPeriodEnd).toBe(iso(FIRST_END));
    await advance(app, ada, RENEWAL_PAID);
    const plan = await planOf(app, ada);
    expect(plan).toMatchObject({ status: 'active', accountType: 1, renewedAt: iso(RENEWAL_PAID), refundUntil: iso(RENEWAL_PAID + 48 * HOUR) });
    expect(plan.currentPeriodEnd).toBe(iso(SECOND_END));
    const mail = await mailTo(database().sql, ada.email);
    expect(mail.map((each) => each.subject)).toEqual(['Your receipt: Memento Pro ($15)', 'Your receipt: Memento Pro ($15)']);
    expect(mail[1]?.body).toContain('Your Pro plan renewed.');
    expect(mail[1]?.body).toContain('Paid until: Monday, March 31, 2031');
  });
});

describe('cancelling more than 48 hours after a renewal', () => {
  it('keeps Pro to the period end, can be undone until then, and then the account is free', async () => {
    const bo = await proOnClock('bo.later@example.test');
    await advance(app, bo, RENEWAL_PAID + 48 * HOUR + MINUTE);
    expect((await planOf(app, bo)).cancelOutcome).toEqual({ kind: 'end_at_period_end', endsAt: iso(SECOND_END) });

    const cancelled = await cancel(bo);
    expect(cancelled.outcome).toEqual({ kind: 'end_at_period_end', endsAt: iso(SECOND_END) });
    expect(cancelled.message).toBe('Your Pro plan is cancelled. You keep Pro until Monday, March 31, 2031, and you can undo this until then.');
    await app.deliverWebhooks();
    expect(await planOf(app, bo)).toMatchObject({ status: 'canceling', cancelAtPeriodEnd: true, canResume: true, accountType: 1 });
    expect((await latestCharge(bo)).amount_refunded).toBe(0);

    const resumed = await call(app, bo, 'POST', '/api/billing/resume');
    expect(resumed.status).toBe(200);
    expect(resumeResponseSchema.parse(resumed.body).message).toBe('Your Pro plan continues. It renews on Monday, March 31, 2031 for $15.');
    await app.deliverWebhooks();
    expect(await planOf(app, bo)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, canResume: false });

    await cancel(bo);
    await advance(app, bo, SECOND_END - MINUTE);
    expect(await accountTypeOf(app, bo)).toBe(1);
    await advance(app, bo, SECOND_END);
    expect(await accountTypeOf(app, bo)).toBe(0);
    expect(await planOf(app, bo)).toMatchObject({ status: 'ended', cancelOutcome: null, canResume: false });
    const late = await call(app, bo, 'POST', '/api/billing/resume');
    expect(late.status).toBe(409);
    expect(apiErrorBodySchema.parse(late.body).error).toBe('NOT_RESUMABLE');
    const again = await call(app, bo, 'POST', '/api/billing/cancel');
    expect(apiErrorBodySchema.parse(again.body)).toMatchObject({ error: 'NO_SUBSCRIPTION', message: expect.stringContaining('already ended') as unknown });
  });

  it('never refunds a plan’s first payment, even cancelled at once', async () => {
    const cy = await proOnClock('cy.first@example.test');
    const cancelled = await cancel(cy);
    expect(cancelled.outcome).toEqual({ kind: 'end_at_period_end', endsAt: iso(FIRST_END) });
    expect((await latestCharge(cy)).amount_refunded).toBe(0);
  });
});

describe('cancelling within 48 hours after a renewal', () => {
  it('at 47 h 59 min refunds that renewal, ends the plan now, and the account is free', async () => {
    const di = await proOnClock('di.inside@example.test');
    await advance(app, di, RENEWAL_PAID + 47 * HOUR + 59 * MINUTE);
    expect((await planOf(app, di)).cancelOutcome).toEqual({ kind: 'refund_and_end_now', refundCents: 1500 });

    const cancelled = await cancel(di);
    expect(cancelled.outcome).toEqual({ kind: 'refund_and_end_now', refundCents: 1500 });
    expect(cancelled.message).toMatch(/^Your Pro plan has ended and \$15 is refunded to your card/);
    const charge = await latestCharge(di);
    expect(charge).toMatchObject({ amount: 1500, amount_refunded: 1500, refunded: true });

    await app.deliverWebhooks();
    expect(await accountTypeOf(app, di)).toBe(0);
    expect((await planOf(app, di)).status).toBe('ended');
    const [invoice] = await database().sql<{ refunded: boolean }[]>`
      select refunded_at is not null as refunded from billing_invoices where user_id = ${di.userId} and billing_reason = 'subscription_cycle'`;
    expect(invoice?.refunded).toBe(true);
    // Cancelling again refunds nothing more.
    expect((await call(app, di, 'POST', '/api/billing/cancel')).status).toBe(404);
    expect((await latestCharge(di)).amount_refunded).toBe(1500);
  });
});

describe('cancelling in the billing portal', () => {
  it('follows the same rule: within 48 hours of a renewal the webhook refunds it and ends the plan', async () => {
    const fay = await proOnClock('fay.portal@example.test');
    await advance(app, fay, RENEWAL_PAID + 2 * HOUR);
    const [row] = await database().sql<{ provider_subscription_id: string }[]>`
      select provider_subscription_id from subscriptions where user_id = ${fay.userId}`;
    // What the portal's Cancel does at the provider: cancel at the period end.
    await app.stripe.subscriptions.update(row?.provider_subscription_id ?? '', { cancel_at_period_end: true });
    await app.deliverWebhooks();
    expect((await latestCharge(fay)).amount_refunded).toBe(1500);
    expect(await accountTypeOf(app, fay)).toBe(0);
    expect((await planOf(app, fay)).status).toBe('ended');
  });
});

describe('a renewal that fails', () => {
  it('keeps Pro for 7 days with a notice and one e-mail, then the account is free', async () => {
    const eve = await proOnClock('eve.failing@example.test');
    // The person's card starts failing (as if changed in the billing portal).
    const [row] = await database().sql<{ provider_subscription_id: string; provider_customer_id: string }[]>`
      select provider_subscription_id, provider_customer_id from subscriptions where user_id = ${eve.userId}`;
    const failing = await app.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: row?.provider_customer_id ?? '' });
    await app.stripe.subscriptions.update(row?.provider_subscription_id ?? '', { default_payment_method: failing.id });

    await advance(app, eve, RENEWAL_PAID);
    const graceUntil = iso(RENEWAL_PAID + 7 * DAY);
    expect(await planOf(app, eve)).toMatchObject({ status: 'grace', accountType: 1, notice: 'payment_failed', graceUntil, cancelOutcome: { kind: 'end_now' } });
    const notices = async () => (await mailTo(database().sql, eve.email)).filter((mail) => mail.subject === 'Your Pro payment did not go through');
    expect(await notices()).toHaveLength(1);
    expect((await notices())[0]?.body).toContain('Update your card by Friday, March 7, 2031 to keep Pro');

    // The provider's retries fail too: still in grace, no second e-mail.
    await advance(app, eve, RENEWAL_PAID + 3 * DAY);
    expect(await planOf(app, eve)).toMatchObject({ status: 'grace', accountType: 1 });
    expect(await notices()).toHaveLength(1);

    await advance(app, eve, RENEWAL_PAID + 7 * DAY);
    expect(await accountTypeOf(app, eve)).toBe(0);
    expect(await planOf(app, eve)).toMatchObject({ status: 'ended', notice: null });
  });
});
