import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { userDbName } from '../pwa/src/db/user-db';
import { expect, paths, test, waitForServiceWorker } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';
import { forgiveFaviconFailures, goOnline, watchApiInFlight, watchFailedRequests } from './pages/offline-favicon';
import { SignInPage } from './pages/sign-in-page';

/** A new person per test: tests run in parallel against one server. */
const someone = () => `e2e-${randomUUID()}@example.test`;

test('local sign-in lands on the dashboard and the session survives reloads, online and offline', async ({ page, context }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeVisible();
  // The tests' server runs without Google: the page says what its local sign-in is instead.
  await expect(page.getByText(/local sign-in for trying the app/)).toBeVisible();
  await expect(page.getByText('Use a Google account to get started')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Issues signing in?' })).toHaveAttribute('href', /^mailto:/);

  const email = someone();
  await signIn.signInLocally(email, 'Ada');
  await expect(page).toHaveURL(paths.dashboard.href());
  expect(await signIn.storedEmail()).toBe(email);

  // Reloaded, the sign-in page moves a signed-in person straight on to the dashboard.
  await page.reload();
  await page.goto(paths.signup.href());
  await expect(page).toHaveURL(paths.dashboard.href());

  await page.goto(paths.home.href());
  await waitForServiceWorker(page);
  // The start's own requests (account refresh, sync, the event) finish before the network goes.
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toBeVisible();
  expect(await signIn.storedEmail()).toBe(email);
});

test('the Sign In event reaches the server', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  const event = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events' && response.request().method() === 'POST',
  );
  await signIn.signInLocally(someone());
  const response = await event;
  expect(response.status()).toBe(204);
  expect(response.request().postDataJSON()).toEqual([{ name: 'Sign In', path: paths.signup.href() }]);
});

test('a failed sign-in says why and the person can try again', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await page.getByLabel('E-mail address').fill('not-an-address');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/Enter a valid e-mail address/)).toBeVisible();
  await expect(page).toHaveURL(paths.signup.href());

  await signIn.signInLocally(someone());
  await expect(page).toHaveURL(paths.dashboard.href());
});

test('damaged stored state does not crash the app: the home page shows a signed-out visitor', async ({ page }) => {
  await page.goto(paths.home.href());
  const withoutToken = JSON.stringify({
    user: { token: '', userDetails: {}, user_first_name: '', user_avatar_url: '', user_email: 'x@example.test', accountType: 0 },
    toast: { show: false, message: '' },
    expert: {},
  });
  for (const damaged of ['{"user": {"user_email": 42', '{"user":{"user_email":"x@example.test"}}', '[]', withoutToken]) {
    await page.evaluate((value) => localStorage.setItem('state', value), damaged);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign up for free' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveCount(0);
  }
});

test('a session ended on the server signs the person out at the next start and goes home', async ({ page, pageProblems }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(someone());
  await expect(page).toHaveURL(paths.dashboard.href());

  // The app is closed (a running app would learn of the sign-out by itself, before the next
  // start this test is about), then the session is ended elsewhere: the server no longer
  // accepts this token.
  const token = await signIn.storedToken();
  await page.goto('about:blank');
  const logout = await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(logout.status()).toBe(204);

  // The next start, on the page it was left on. The app learns it from whichever asks first:
  // the account refresh (400) or sync (401).
  await page.goto(paths.dashboard.href());
  await expect(page).toHaveURL(paths.home.href());
  await expect(page.getByRole('link', { name: 'Sign up for free' }).first()).toBeVisible();
  expect(await signIn.storedEmail()).toBe('');
  // The browser logs the refusals this test provokes: take back those lines, and only those.
  const refusals = pageProblems.filter((problem) => /status of 40[01] /.test(problem));
  expect(refusals.length).toBeGreaterThan(0);
  pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((problem) => !refusals.includes(problem)));
});

test('Log Out clears the session, ends it on the server and goes home', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(someone());
  await expect(page).toHaveURL(paths.dashboard.href());
  const token = await signIn.storedToken();

  await page.goto(paths.dashboardAccount.href());
  const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(paths.home.href());
  await expect(page.getByRole('link', { name: 'Sign up for free' }).first()).toBeVisible();
  expect(await signIn.storedEmail()).toBe('');
  const response = await loggedOut;
  expect(response.status()).toBe(204);
  expect(response.request().headers().authorization).toBe(`Bearer ${token}`);

  // The dashboard now asks for a sign-in, and returns there afterwards.
  await page.goto(paths.dashboard.href());
  await expect(page).toHaveURL(`${paths.signup.href()}?next=%2Fdashboard`);
});

/** Whether the person's IndexedDB database (named after their account id) exists in the browser. */
function hasUserDatabase(page: Page, userId: string): Promise<boolean> {
  return page.evaluate(
    async (name) => (await indexedDB.databases()).some((database) => database.name === name),
    userDbName(userId),
  );
}

test('Log Out with everything synced deletes the journal from the device, in every tab', async ({ page, context }) => {
  const signIn = new SignInPage(page);
  const dashboard = new DashboardPage(page);
  await signIn.open();
  await signIn.signInLocally(someone());
  const userId = await signIn.storedUserId();
  await dashboard.openGratitude();
  await dashboard.writeGratitude(['Morning light', 'A kind word', 'Warm soup']);
  await dashboard.waitForSynced();
  expect(await hasUserDatabase(page, userId)).toBe(true);

  // A second tab of the app with the journal open: its connection must not hold up the deletion.
  const otherTab = await context.newPage();
  const otherDashboard = new DashboardPage(otherTab);
  await otherDashboard.open();
  await otherDashboard.openGratitude();
  await expect(otherDashboard.field('One')).toHaveValue('Morning light');

  await dashboard.openAccount();
  await dashboard.logOut();
  await expect(page).toHaveURL(paths.home.href());
  await expect.poll(() => hasUserDatabase(page, userId)).toBe(false);
  // The other tab follows the sign-out and no longer shows the journal.
  await expect(otherTab).toHaveURL(`${paths.signup.href()}?next=${encodeURIComponent(paths.dashboardGratitude.href())}`);
  await expect(otherDashboard.field('One')).toHaveCount(0);
  expect(await hasUserDatabase(otherTab, userId)).toBe(false);
});

test('Log Out with a change not synced asks first; Cancel keeps it; once synced, Log Out deletes it', async ({ page, context, pageProblems }) => {
  const failed = watchFailedRequests(page);
  const apiInFlight = watchApiInFlight(page);
  const signIn = new SignInPage(page);
  const dashboard = new DashboardPage(page);
  await signIn.open();
  await signIn.signInLocally(someone());
  const userId = await signIn.storedUserId();
  // The account view once online, so everything it shows is loaded before the network goes: its
  // plan section's code comes a moment after the heading, and a failed import is not tried again.
  await dashboard.openAccount();
  await expect(page.getByRole('region', { name: 'Subscription' })).toBeVisible();
  await dashboard.waitForSynced();
  await dashboard.sidebarLink('Home').click();
  // Its purchases are asked for as it opens: a request cut half-way is the network's doing.
  await expect.poll(apiInFlight).toBe(0);

  await context.setOffline(true);
  await dashboard.openGratitude();
  await dashboard.field('One').fill('Written on the train');
  await dashboard.field('One').blur();
  await expect(dashboard.syncStatus()).toHaveText('Offline — will sync');
  await dashboard.openAccount();
  await dashboard.logOut();
  const dialog = dashboard.unsyncedDialog();
  await expect(dialog).toContainText("1 change on this device hasn't been synced yet.");
  await expect(dialog).toContainText("You're offline: syncing it needs a connection.");
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  expect(await signIn.storedUserId()).toBe(userId);
  expect(await hasUserDatabase(page, userId)).toBe(true);

  // Back on the dashboard before the network returns: the account view asks for the purchases on
  // 'online', and Chromium can fire that event a moment before its emulated network is back.
  await dashboard.sidebarLink('Home').click();
  await goOnline(context);
  await dashboard.waitForSynced();
  forgiveFaviconFailures(failed, pageProblems);
  await dashboard.openAccount();
  await dashboard.logOut();
  await expect(page).toHaveURL(paths.home.href());
  await expect.poll(() => hasUserDatabase(page, userId)).toBe(false);
});
