import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { chargeHNSubscriptionResponseSchema, refreshUserReplySchema } from '#core/schemas/billing';
import { useTestDatabase } from '../../testing/database.ts';
import { FIXTURE_IDS, fixtureItems } from '../../testing/local-hn/fixtures.ts';
import { startLocalHn, type LocalHn } from '../../testing/local-hn/local-hn.ts';
import { newIdempotencyKey } from '../payments/testing.ts';
import { accountTypeOf, call, mailTo, newPerson, planOf, serveBilling, upgrade, type BillingServer } from './testing.ts';

/**
 * Upgrading from /hnupgrade (`POST /api/chargeHNSubscription`) against the local Stripe: the plan
 * starts with its first payment, the account turns Pro only once the verified webhook says so, the
 * receipt goes out once, and the tracker's one-post limit lifts.
 */
const database = useTestDatabase();
let app: BillingServer;
let hn: LocalHn;

beforeAll(async () => {
  hn = await startLocalHn({ items: fixtureItems() });
  app = await serveBilling(database().sql, { HN_API_BASE: hn.baseUrl });
});
afterAll(async () => {
  await app.close();
  await hn.close();
});

const answerOf = (body: unknown) => chargeHNSubscriptionResponseSchema.parse(body);

describe('upgrading with a card', () => {
  it('answers success, and turns the account Pro only when the webhook confirms it', async () => {
    const ada = await newPerson(app, database().sql, 'ada.upgrade@example.test');
    const reply = await upgrade(app, ada);
    expect(reply.status).toBe(200);
    expect(answerOf(reply.body)).toMatchObject({ success: true, status: 'succeeded', message: expect.stringContaining('Welcome to Pro') as unknown });

    // The answer is not the proof: nothing changes until the provider's signed event arrives.
    expect(await accountTypeOf(app, ada)).toBe(0);
    await app.deliverWebhooks();
    expect(await accountTypeOf(app, ada)).toBe(1);

    const refreshed = refreshUserReplySchema.parse((await call(app, ada, 'POST', '/api/refreshUser')).body);
    expect(refreshed.plan).toMatchObject({ accountType: 1, status: 'active', cancelAtPeriodEnd: false, renewedAt: null, hasBillingAccount: true });
    expect(refreshed.plan.cancelOutcome).toEqual({ kind: 'end_at_period_end', endsAt: refreshed.plan.currentPeriodEnd });
    const [stripeSub] = (await app.stripe.subscriptions.list({ customer: (await app.stripe.customers.list({ email: ada.email })).data[0]?.id ?? '' })).data;
    expect(stripeSub?.items.data[0]?.price.unit_amount).toBe(1500);
    expect(stripeSub?.items.data[0]?.price.lookup_key).toBe('memento_pro_monthly');

    const mail = await mailTo(database().sql, ada.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Your receipt: Memento Pro ($15)');
    expect(mail[0]?.body).toContain('Thank you for upgrading to Pro.');
    // The same events delivered again change nothing and send nothing more.
    await app.deliverWebhooks();
    expect(await mailTo(database().sql, ada.email)).toHaveLength(1);
  });

  it('lifts the tracker limit once Pro: a second post is refused before and accepted after', async () => {
    const grace = await newPerson(app, database().sql, 'grace.tracker@example.test');
    const add = (id: number) => call(app, grace, 'POST', '/api/addNewTracker', { hnLink: String(id) });
    expect((await add(FIXTURE_IDS.launch)).status).toBe(201);
    const refused = await add(FIXTURE_IDS.example);
    expect(refused.status).toBe(403);
    expect(apiErrorBodySchema.parse(refused.body).error).toBe('TRACKER_LIMIT');

    expect(answerOf((await upgrade(app, grace)).body).success).toBe(true);
    await app.deliverWebhooks();
    expect((await add(FIXTURE_IDS.example)).status).toBe(201);
  });

  it('starts one plan for a double submit of the same checkout, and refuses a second checkout while Pro', async () => {
    const lin = await newPerson(app, database().sql, 'lin.double@example.test');
    const key = newIdempotencyKey();
    const [first, second] = await Promise.all([upgrade(app, lin, 'pm_card_visa', key), upgrade(app, lin, 'pm_card_visa', key)]);
    // One of a simultaneous pair may be told to wait; neither starts a second plan.
    const answers = [first, second].map((reply) => reply.status);
    expect(answers).toContain(200);
    const again = await upgrade(app, lin, 'pm_card_visa', key);
    expect(again.status).toBe(200);
    expect(answerOf(again.body).success).toBe(true);

    const other = await upgrade(app, lin, 'pm_card_visa', newIdempotencyKey());
    expect(other.status).toBe(409);
    expect(apiErrorBodySchema.parse(other.body)).toMatchObject({ error: 'ALREADY_SUBSCRIBED', message: expect.stringContaining('already have Pro') as unknown });
    await app.deliverWebhooks();
    const customer = (await database().sql<{ provider_customer_id: string }[]>`
      select provider_customer_id from billing_customers where user_id = ${lin.userId}`)[0]?.provider_customer_id ?? '';
    expect((await app.stripe.subscriptions.list({ customer, status: 'all' })).data).toHaveLength(1);
    expect(await mailTo(database().sql, lin.email)).toHaveLength(1);
  });

  it('says what to do after a declined card, starts nothing, and the account stays free', async () => {
    const mo = await newPerson(app, database().sql, 'mo.declined@example.test');
    for (const [card, words] of [
      ['pm_card_chargeDeclined', /^Error: The card was declined\. No money was taken\. Try another card/],
      ['pm_card_chargeDeclinedInsufficientFunds', /insufficient funds\. No money was taken/],
      // This form cannot show the bank's check: it says so and points to the checkout that can.
      ['pm_card_authenticationRequired', /^Error: Your bank asks you to confirm this payment.*Upgrade now/],
    ] as const) {
      const reply = await upgrade(app, mo, card);
      expect(reply.status).toBe(200);
      expect(answerOf(reply.body)).toMatchObject({ success: false, status: 'failed', message: expect.stringMatching(words) as unknown });
    }
    await app.deliverWebhooks();
    expect(await accountTypeOf(app, mo)).toBe(0);
    expect((await planOf(app, mo)).status).toBe('none');
    // Another card afterwards goes through.
    expect(answerOf((await upgrade(app, mo)).body).success).toBe(true);
  });

  it('answers bad input with 400 and a stable code, and a signed-out caller with 400 INVALID_TOKEN', async () => {
    const bo = await newPerson(app, database().sql, 'bo.bad@example.test');
    const bad = await call(app, bo, 'POST', '/api/chargeHNSubscription', { name: 'Bo', paymentMethodId: 'tok_visa', idempotencyKey: 'short' });
    expect(bad.status).toBe(400);
    expect(apiErrorBodySchema.parse(bad.body).error).toBe('INVALID_REQUEST');
    const unknownCard = await upgrade(app, bo, 'pm_does_not_exist');
    expect(unknownCard.status).toBe(400);
    expect(apiErrorBodySchema.parse(unknownCard.body).message).toMatch(/^Error: The card could not be used/);
    const signedOut = await fetch(`${app.server.url}/api/chargeHNSubscription`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(signedOut.status).toBe(400);
    expect(apiErrorBodySchema.parse(await signedOut.json()).error).toBe('INVALID_TOKEN');
  });
});
