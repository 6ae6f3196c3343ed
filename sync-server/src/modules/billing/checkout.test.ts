import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { CHECKOUT_SESSION_PARAM } from '#core/paths';
import { checkoutSessionStateSchema, redirectReplySchema } from '#core/schemas/billing';
import { useTestDatabase } from '../../testing/database.ts';
import { accountTypeOf, call, mailTo, newPerson, planOf, serveBilling, upgrade, type BillingServer, type Person } from './testing.ts';

/**
 * The dashboard's 'Upgrade now': the hosted checkout (the local Stripe's page, driven by HTTP as
 * a browser would post its form) with the e-mail prefilled, back to the dashboard with the
 * session id, 'confirming' until the webhook made the account Pro; and the billing portal.
 */
const database = useTestDatabase();
let app: BillingServer;
beforeAll(async () => {
  app = await serveBilling(database().sql);
});
afterAll(() => app.close());

const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ada Lovelace' };

function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

async function openCheckout(person: Person): Promise<string> {
  const reply = await call(app, person, 'POST', '/api/billing/checkout');
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return redirectReplySchema.parse(reply.body).url;
}

async function checkoutState(person: Person, sessionId: string) {
  const reply = await call(app, person, 'GET', `/api/billing/checkout/${sessionId}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return checkoutSessionStateSchema.parse(reply.body);
}

describe('the hosted checkout', () => {
  it('prefills the e-mail, comes back to the dashboard with the session, confirms once the webhook did', async () => {
    const ada = await newPerson(app, database().sql, 'ada.checkout@example.test');
    const url = await openCheckout(ada);
    expect(new URL(url).origin).toBe(new URL(app.server.url).origin);
    const page = await (await fetch(url)).text();
    expect(page).toMatch(/value="ada\.checkout@example\.test" readonly/);
    expect(page).toContain('USD 15.00 per month');
    // A second click (or a reload) offers the same checkout.
    expect(await openCheckout(ada)).toBe(url);

    const paid = await postForm(url, { action: 'pay', email: ada.email, ...CARD });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${new URL(app.server.url).origin}/dashboard`);
    const sessionId = back.searchParams.get(CHECKOUT_SESSION_PARAM) ?? '';
    expect(sessionId).toMatch(/^cs_/);

    // Paid on the page, not yet confirmed by the webhook: the dashboard says 'confirming', never 'free'.
    expect(await checkoutState(ada, sessionId)).toMatchObject({ status: 'complete', confirmed: false });
    await app.deliverWebhooks();
    const confirmed = await checkoutState(ada, sessionId);
    expect(confirmed).toMatchObject({ status: 'complete', confirmed: true, plan: { accountType: 1, status: 'active' } });
    expect(await accountTypeOf(app, ada)).toBe(1);
    expect((await mailTo(database().sql, ada.email)).map((mail) => mail.subject)).toEqual(['Your receipt: Memento Pro ($15)']);

    const second = await call(app, ada, 'POST', '/api/billing/checkout');
    expect(second.status).toBe(409);
    expect(apiErrorBodySchema.parse(second.body).error).toBe('ALREADY_SUBSCRIBED');
  });

  it('Cancel on the page goes back to the dashboard and starts nothing', async () => {
    const bo = await newPerson(app, database().sql, 'bo.leaves@example.test');
    const left = await postForm(await openCheckout(bo), { action: 'cancel' });
    expect(left.status).toBe(303);
    expect(left.headers.get('location')).toBe(`${new URL(app.server.url).origin}/dashboard`);
    await app.deliverWebhooks();
    expect(await accountTypeOf(app, bo)).toBe(0);
  });

  it('a checkout left open cannot start a second plan once /hnupgrade started one', async () => {
    const cy = await newPerson(app, database().sql, 'cy.twotabs@example.test');
    const url = await openCheckout(cy);
    expect((await upgrade(app, cy)).status).toBe(200);
    const late = await postForm(url, { action: 'pay', email: cy.email, ...CARD });
    expect(late.status).toBe(410);
    await app.deliverWebhooks();
    const customer = (await database().sql<{ provider_customer_id: string }[]>`
      select provider_customer_id from billing_customers where user_id = ${cy.userId}`)[0]?.provider_customer_id ?? '';
    expect((await app.stripe.subscriptions.list({ customer, status: 'all' })).data).toHaveLength(1);
  });
});

describe('the billing portal', () => {
  it('is refused with NO_SUBSCRIPTION before any plan, and opens on our origin for a subscriber', async () => {
    const di = await newPerson(app, database().sql, 'di.portal@example.test');
    const none = await call(app, di, 'POST', '/api/billing/portal');
    expect(none.status).toBe(404);
    expect(apiErrorBodySchema.parse(none.body)).toMatchObject({ error: 'NO_SUBSCRIPTION', message: "Only available if you've purchased a subscription." });

    await upgrade(app, di);
    await app.deliverWebhooks();
    const opened = await call(app, di, 'POST', '/api/billing/portal', { returnTo: 'dashboard' });
    expect(opened.status).toBe(200);
    const url = redirectReplySchema.parse(opened.body).url;
    expect(new URL(url).origin).toBe(new URL(app.server.url).origin);
    const page = await (await fetch(url)).text();
    expect(page).toContain('Memento Pro');
    expect(page).toContain('USD 15.00 per month');
    expect(page).toContain('Visa ending in 4242');
    expect(page).toContain(`href="${new URL(app.server.url).origin}/dashboard?view=account"`);

    // Cancel plan in the portal, in the plan's first month: Pro to the period end, by the same rule.
    const subscription = (await database().sql<{ provider_subscription_id: string }[]>`
      select provider_subscription_id from subscriptions where user_id = ${di.userId}`)[0]?.provider_subscription_id ?? '';
    expect((await postForm(url, { action: 'cancel', subscription })).status).toBe(303);
    await app.deliverWebhooks();
    expect(await planOf(app, di)).toMatchObject({ status: 'canceling', accountType: 1, canResume: true });
  });
});

describe('a second person', () => {
  it('can neither see, cancel, resume nor open the portal of the first one’s plan, nor read their checkout', async () => {
    const owner = await newPerson(app, database().sql, 'owner.plan@example.test');
    const url = await openCheckout(owner);
    const sessionId = url.split('/').pop() ?? '';
    await upgrade(app, owner);
    await app.deliverWebhooks();
    const before = await planOf(app, owner);

    const other = await newPerson(app, database().sql, 'other.plan@example.test');
    expect(await planOf(app, other)).toMatchObject({ status: 'none', accountType: 0, currentPeriodEnd: null });
    for (const path of ['/api/billing/cancel', '/api/billing/resume', '/api/billing/portal']) {
      const reply = await call(app, other, 'POST', path);
      expect(reply.status, path).toBe(404);
      expect(apiErrorBodySchema.parse(reply.body).error).toBe('NO_SUBSCRIPTION');
    }
    const peek = await call(app, other, 'GET', `/api/billing/checkout/${sessionId}`);
    expect(peek.status).toBe(404);
    expect(apiErrorBodySchema.parse(peek.body).error).toBe('NOT_FOUND');
    await app.deliverWebhooks();
    expect({ ...(await planOf(app, owner)), checkedAt: before.checkedAt }).toEqual(before);
  });
});
