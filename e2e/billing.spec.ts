import { randomUUID } from 'node:crypto';
import { hnItemLink } from '#core/hn/link';
import { planStateSchema, type PlanState } from '#core/schemas/billing';
import { FIXTURE_IDS } from '../sync-server/src/testing/local-hn/fixtures';
import { startClockServer } from './billing-clock-server';
import { expect, paths, test, waitForServiceWorker } from './fixtures';
import { BillingPages, watchForUpgradeOffers } from './pages/billing-pages';
import { DashboardPage } from './pages/dashboard-page';
import { HnTracker } from './pages/hn-tracker';
import { forgiveFaviconFailures, goOnline, watchFailedRequests } from './pages/offline-favicon';
import { SignInPage } from './pages/sign-in-page';

/**
 * The paid plan in Chromium against the real server and its local Stripe: upgrading from
 * /hnupgrade and from the dashboard through the hosted checkout, the billing portal, cancelling
 * (at the period end and undone; within 48 hours of a renewal, refunded) and the plan offline.
 */

const LAUNCH_TITLE = 'Show HN: Memento, a tiny launch tracker';
const someone = () => `e2e-billing-${randomUUID()}@example.test`;

async function signInToTracker(page: HnTracker['page'], email: string): Promise<void> {
  await page.goto(paths.hnrd.href());
  await page.getByRole('link', { name: 'Get Started' }).click();
  await new SignInPage(page).signInLocally(email, 'Ada');
  await expect(page).toHaveURL(paths.hnrd.href());
}

test('Pro from /hnupgrade: the PRO badge and a second tracker; cancel at the period end and undo; the plan offline', async ({ page, context, pageProblems }) => {
  test.slow();
  const hn = new HnTracker(page);
  const billing = new BillingPages(page);
  await signInToTracker(page, someone());
  await hn.track(hnItemLink(FIXTURE_IDS.launch));
  await expect(page.getByText(`Now tracking “${LAUNCH_TITLE}”.`)).toBeVisible();
  await page.getByRole('region', { name: /Upgrade to Pro/ }).getByRole('link', { name: 'Upgrade to Pro' }).click();

  await expect(page).toHaveURL(paths.hnUpgrade.href());
  await expect(page.getByText('USD $15 billed monthly')).toBeVisible();
  await expect(page.getByText('Test mode: no money moves. Use 4242 4242 4242 4242, any future date, any CVC.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  expect(await billing.severeViolations('/hnupgrade')).toEqual([]);
  await billing.upgradeFromTracker();

  // Back on the list once the server has the provider's confirmation: Pro, and no more limit.
  await expect(page).toHaveURL(paths.hnrd.href());
  await expect(hn.bar().getByText('PRO')).toBeVisible();
  await expect(page.getByRole('region', { name: /Upgrade to Pro/ })).toHaveCount(0);
  await hn.track(String(FIXTURE_IDS.example));
  await expect(page.getByText(/^Now tracking “/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Trackers' }).getByRole('listitem')).toHaveCount(2);

  // The account: the plan and its next payment; Cancel says first what it does, and is undone.
  await billing.openAccount();
  const subscription = billing.subscription();
  await expect(subscription).toContainText('Pro, $15 a month');
  await expect(subscription).toContainText(/Next payment\$15 on \w+day, /);
  await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(billing.cancelDialog()).toContainText(/You keep Pro until \w+day, .*, the end of the month you have paid for/);
  expect(await billing.severeViolations('cancel dialog')).toEqual([]);
  await billing.cancelDialog().getByRole('button', { name: 'Keep Pro' }).click();
  await billing.cancel('You keep Pro until');
  await expect(subscription).toContainText(/Your Pro plan is cancelled\. You keep Pro until \w+day, .*, and you can undo this until then\./);
  await expect(subscription).toContainText(/Pro, cancels on \w+day, /);
  await expect(page.getByText('Account type').locator('..')).toContainText('Pro');
  expect(await billing.severeViolations('/account, cancelled')).toEqual([]);
  await subscription.getByRole('button', { name: 'Undo cancellation' }).click();
  await expect(subscription).toContainText(/Your Pro plan continues\. It renews on \w+day, .* for \$15\./);
  await expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  await expect(subscription).toContainText('Pro, $15 a month');

  // Offline the page shows the plan as it was last checked, and changes wait for a connection.
  await waitForServiceWorker(page);
  await page.waitForLoadState('networkidle');
  const failed = watchFailedRequests(page);
  await context.setOffline(true);
  await page.reload();
  await expect(subscription).toContainText('Pro, $15 a month');
  await expect(subscription).toContainText(/Your plan as last checked on \w{3} \d+, \d{4}, \d+:\d\d [AP]M\./);
  await expect(subscription.getByRole('button', { name: 'Manage Subscriptions' })).toHaveAttribute('aria-disabled', 'true');
  await expect(subscription).toContainText('You are offline. A connection is needed to change your plan.');
  forgiveFaviconFailures(failed, pageProblems);
  await goOnline(context);
});

test('Upgrade now on the dashboard: the hosted checkout with the e-mail filled in, confirming, the paid state, and the billing portal', async ({ page }) => {
  test.slow();
  const email = someone();
  const billing = new BillingPages(page);
  const afterReturn = await watchForUpgradeOffers(page);
  await new SignInPage(page).open();
  await new SignInPage(page).signInLocally(email, 'Ada');
  await expect(page).toHaveURL(paths.dashboard.href());
  const dashboard = new DashboardPage(page);
  await expect(page.getByRole('button', { name: 'Upgrade now' })).toHaveCount(2);

  await page.getByRole('main').getByRole('button', { name: 'Upgrade now' }).click();
  await expect(page).toHaveURL(/\/local-stripe\/checkout\/cs_/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await billing.payOnHostedCheckout();

  // Back with the session id: confirming (never Free) until the webhook made the account paid.
  await expect(page).toHaveURL(paths.dashboard.href());
  await expect(page.getByText('More activities coming with our launch later this year!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade now' })).toHaveCount(0);
  expect(await afterReturn()).toEqual({ confirming: true, offeredUpgrade: false });
  expect(await dashboard.severeViolations('dashboard, paid')).toEqual([]);

  // The billing portal, from the account view, and back.
  await page.goto(paths.dashboardAccount.href());
  await expect(billing.subscription()).toContainText('Pro, $15 a month');
  expect(await billing.severeViolations('account view')).toEqual([]);
  await billing.subscription().getByRole('button', { name: 'Manage Subscriptions' }).click();
  await expect(page).toHaveURL(/\/local-stripe\/billing\//);
  await expect(page.getByText(/^Next payment: USD 15\.00 on /)).toBeVisible();
  await expect(page.getByText('Card: Visa ending in 4242')).toBeVisible();
  await page.getByRole('link', { name: /^Return to / }).click();
  await expect(page).toHaveURL(paths.dashboardAccount.href());
  await expect(billing.subscription()).toContainText('Pro, $15 a month');
});

test('a free account: Manage Subscriptions only after a purchase, with the note', async ({ page }) => {
  const billing = new BillingPages(page);
  await new SignInPage(page).open();
  await new SignInPage(page).signInLocally(someone(), 'Ada');
  await page.goto(paths.dashboardAccount.href());
  await expect(billing.subscription()).toContainText('None: your account is Free.');
  await expect(billing.subscription().getByRole('button', { name: 'Manage Subscriptions' })).toHaveAttribute('aria-disabled', 'true');
  await expect(billing.subscription()).toContainText("Only available if you've purchased a subscription");
});

test.describe('on a test clock', () => {
  // The clock starts on 31 January 2031, 09:30 UTC: the first month ends on 28 February, and
  // the local Stripe charges the renewal an hour later, as Stripe does.
  const HOUR = 60 * 60;
  const START = Date.UTC(2031, 0, 31, 9, 30) / 1000;
  const RENEWAL_PAID = Date.UTC(2031, 1, 28, 9, 30) / 1000 + HOUR;

  test('cancelling within 48 hours after a renewal refunds it and the account is Free at once', async ({ page }) => {
    test.slow();
    const server = await startClockServer();
    try {
      const email = someone();
      const billing = new BillingPages(page);
      await page.goto(`${server.url}${paths.signup.href()}`);
      const signIn = new SignInPage(page);
      await signIn.signInLocally(email, 'Ada');
      await expect(page).toHaveURL(`${server.url}${paths.dashboard.href()}`);
      const clock = await server.customerOnClock(await signIn.storedUserId(), email, START);

      await page.goto(`${server.url}${paths.hnUpgrade.href()}`);
      await billing.upgradeFromTracker();
      await expect(page).toHaveURL(`${server.url}${paths.hnrd.href()}`);
      await expect(page.getByRole('banner').getByText('PRO')).toBeVisible();

      // A day after the first renewal was paid.
      await server.stripe.testHelpers.testClocks.advance(clock, { frozen_time: RENEWAL_PAID + 24 * HOUR });
      const token = await billing.token();
      const plan = async (): Promise<PlanState> => {
        const reply = await fetch(`${server.url}/api/billing/subscription`, { headers: { authorization: `Bearer ${token}` } });
        return planStateSchema.parse(await reply.json());
      };
      await expect.poll(async () => (await plan()).renewedAt).toBe(new Date(RENEWAL_PAID * 1000).toISOString());

      await page.goto(`${server.url}${paths.account.href()}`);
      await expect(billing.subscription()).toContainText('$15 on Monday, March 31, 2031');
      await billing.cancel('Your plan renewed less than 48 hours ago, so we refund that renewal ($15) to your card and your plan ends now.');
      await expect(billing.subscription()).toContainText('Your Pro plan has ended and $15 is refunded to your card');
      await expect(billing.subscription()).toContainText('Ended: your account is Free again.');
      await expect(page.getByText('Account type').locator('..')).toContainText('Free');
      await expect(page.getByRole('banner').getByText('PRO')).toHaveCount(0);
      expect((await plan()).accountType).toBe(0);
    } finally {
      await server.close();
    }
  });
});
