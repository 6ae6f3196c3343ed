import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, paths, test, waitForServiceWorker } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';
import { forgiveFaviconFailures, goOnline, watchApiInFlight, watchFailedRequests } from './pages/offline-favicon';
import { SignInPage } from './pages/sign-in-page';

const someone = () => `e2e-sync-${randomUUID()}@example.test`;

/** A new browser (its own storage: another device) signed in as `email`, on the dashboard. */
async function deviceSignedIn(browser: Browser, email: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(email);
  await expect(page.getByRole('heading', { name: "Today's Activities" })).toBeVisible();
  return { page, close: () => context.close() };
}

test('written online and offline, reloaded offline, synced, then seen on a second device', async ({ page, context, browser, pageProblems }) => {
  // Two devices, each signing in and syncing: on 2 busy cores this takes longer than a one-page test.
  test.slow();
  const failed = watchFailedRequests(page);
  const apiInFlight = watchApiInFlight(page);
  const email = someone();
  const signIn = new SignInPage(page);
  const dashboard = new DashboardPage(page);
  await signIn.open();
  await signIn.signInLocally(email);
  await dashboard.openGratitude();
  await dashboard.field('One').fill('Written online');
  await dashboard.field('One').blur();
  await waitForServiceWorker(page);
  // Cut the network only once the online write is synced and nothing is in flight: a request
  // cut half-way fails, which is the network's doing, not the app's.
  await dashboard.waitForSynced();
  // Leave the gratitude view: it asks for kept versions whenever the entry changes (the synced
  // write-back too), and a request cut half-way is the network's doing, not the app's.
  await dashboard.done();
  await expect.poll(apiInFlight).toBe(0);

  await context.setOffline(true);
  // The page hears of it by an event a moment later; the view opened after that asks nothing.
  await expect(page.getByText('You’re offline. Pages you’ve opened still work.')).toBeVisible();
  await dashboard.openGratitude();
  await dashboard.field('Two').fill('Written offline');
  await dashboard.field('Three').fill('Also offline');
  await dashboard.field('Three').blur();
  await dashboard.done();
  await page.reload();
  await expect(dashboard.activityButton('Gratitude Journal')).toHaveText(/Edit Log/);
  await expect(dashboard.syncStatus()).toHaveText('Offline — will sync');
  await dashboard.openGratitude();
  await expect(dashboard.field('One')).toHaveValue('Written online');
  await expect(dashboard.field('Three')).toHaveValue('Also offline');
  // Back on the dashboard before the network returns: the gratitude view asks for kept versions
  // on 'online', and Chromium can fire that event a moment before its emulated network is back.
  await dashboard.done();

  await goOnline(context);
  await dashboard.waitForSynced();
  forgiveFaviconFailures(failed, pageProblems);

  const other = await deviceSignedIn(browser, email);
  const otherDashboard = new DashboardPage(other.page);
  await expect(otherDashboard.activityButton('Gratitude Journal')).toHaveText(/Edit Log/);
  await otherDashboard.openGratitude();
  await expect(otherDashboard.field('One')).toHaveValue('Written online');
  await expect(otherDashboard.field('Two')).toHaveValue('Written offline');
  await expect(otherDashboard.field('Three')).toHaveValue('Also offline');
  await other.close();
});

test('two devices write the same field offline: both converge and the other text is kept as an earlier version', async ({ browser }) => {
  // Two devices, each signing in and syncing: on 2 busy cores this takes longer than a one-page test.
  test.slow();
  const email = someone();
  const first = await deviceSignedIn(browser, email);
  const second = await deviceSignedIn(browser, email);
  const devices = [first, second].map((device) => ({ ...device, dashboard: new DashboardPage(device.page) }));
  for (const device of devices) {
    await device.dashboard.waitForSynced();
    await device.page.context().setOffline(true);
    await device.dashboard.openGratitude();
  }
  const texts = ['From the laptop', 'From the phone'];
  for (const [i, device] of devices.entries()) {
    await device.dashboard.field('One').fill(texts[i] ?? '');
    await device.dashboard.field('One').blur();
    await expect(device.dashboard.syncStatus()).toHaveText('Offline — will sync');
  }
  for (const device of devices) {
    await device.page.context().setOffline(false);
    await device.dashboard.waitForSynced();
  }
  // Each reloads: the pull at start brings the winner to both.
  for (const device of devices) await device.page.reload();
  const [one, two] = devices;
  if (one === undefined || two === undefined) throw new Error('two devices');
  // Right after the reload each page still shows its own copy; the pulls then bring both to the
  // server's winner. Wait for that agreement rather than reading one device too early.
  await expect
    .poll(
      async () => {
        const [a, b] = await Promise.all([one.dashboard.field('One').inputValue(), two.dashboard.field('One').inputValue()]);
        return a === b ? a : `${a} / ${b}`;
      },
      { timeout: 20_000 },
    )
    .toMatch(/^From the (laptop|phone)$/);
  const winner = await one.dashboard.field('One').inputValue();
  const loser = texts.find((text) => text !== winner) ?? '';
  for (const device of devices) {
    const kept = device.page.getByRole('region', { name: 'Earlier versions from other devices' });
    await expect(kept.getByText(loser)).toBeVisible();
  }
  for (const device of devices) await device.close();
});

test('words a device could not store, replaced meanwhile on another device, come back as a choice and not over the newer text', async ({ page, browser }) => {
  // Two devices, each signing in and syncing: on 2 busy cores this takes longer than a one-page test.
  test.slow();
  const email = someone();
  const signIn = new SignInPage(page);
  const dashboard = new DashboardPage(page);
  await signIn.open();
  await signIn.signInLocally(email);
  await dashboard.waitForSynced();
  await dashboard.openGratitude();
  // This page cannot store the first text (a full disk, say): the words are kept aside on the device.
  await dashboard.refuseFirstTextWrites();
  await dashboard.field('One').fill('The first snow');
  await expect(page.getByRole('alert')).toBeVisible();
  await dashboard.openAccount();
  // The page goes; the words stay kept on the device.
  await page.goto('about:blank');

  // Meanwhile the person writes that text on another device.
  const other = await deviceSignedIn(browser, email);
  const otherDashboard = new DashboardPage(other.page);
  await otherDashboard.openGratitude();
  const pushed = other.page.waitForResponse((response) => response.url().includes('/api/sync/push') && response.ok());
  await otherDashboard.field('One').fill('Rain on the window');
  await otherDashboard.field('One').blur();
  await pushed;
  await other.close();

  // Back on the first device, a new page (it stores again), once it has pulled and stored the
  // other text: the round that pulled it says Synced when it is done.
  const pulled = page.waitForResponse(
    async (response) => response.url().includes('/api/sync/pull') && (await response.text()).includes('Rain on the window'),
  );
  await page.goto(paths.dashboard.href());
  await pulled;
  await dashboard.waitForSynced();
  await dashboard.openGratitude();
  const choice = page.getByRole('group', { name: 'Words kept on this device' });
  await expect(choice.getByText('The first snow')).toBeVisible();
  await expect(dashboard.field('One')).toHaveValue('Rain on the window');
  await expect(dashboard.field('One')).not.toBeEditable();
  expect(await dashboard.severeViolations('kept words')).toEqual([]);

  await choice.getByRole('button', { name: 'Use my words' }).click();
  await expect(dashboard.field('One')).toHaveValue('The first snow');
  await expect(dashboard.field('One')).toBeEditable();
  await expect(choice).toBeHidden();
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('memento.unsaved-journal.')))).toEqual([]);
  // The other device's text is not lost either: the server keeps it as an earlier version, and the
  // list shows it once this device's words have reached the server.
  await expect(page.getByRole('region', { name: 'Earlier versions from other devices' }).getByText('Rain on the window')).toBeVisible();
});
