import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../playwright.config';
import { expect, paths, test, waitForServiceWorker } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';
import { deliverPush, openWithActiveWorker, shownNotifications } from './pages/service-worker-push';
import { SignInPage } from './pages/sign-in-page';

/**
 * Headless Chromium has no push service (pushManager.subscribe fails), but CDP can hand a push
 * message straight to the service worker: the same 'push' event a real one would cause.
 */
test('a reminder pushed to the service worker is shown as a notification', async ({ page, context, baseURL }) => {
  const target = await openWithActiveWorker(page, context, baseURL);
  const push = {
    kind: 'daily-reminder',
    title: 'Time for your Memento',
    body: 'Two quiet minutes: today’s practice is still open.',
    day: '2026-03-01',
    url: paths.dashboard.href(),
  };
  await deliverPush(target, JSON.stringify(push));

  const shown = () => shownNotifications(page);
  expect(await shown()).toEqual([
    { title: push.title, body: push.body, tag: 'memento-daily-reminder', data: { url: paths.dashboard.href() } },
  ]);

  // A second reminder replaces the first (same tag) instead of piling up.
  await deliverPush(target, JSON.stringify({ ...push, day: '2026-03-02' }));
  expect(await shown()).toHaveLength(1);
});

test('an unreadable push still shows the usual reminder', async ({ page, context, baseURL }) => {
  const target = await openWithActiveWorker(page, context, baseURL);
  await deliverPush(target, 'not json');
  const titles = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((notification) => notification.title);
  });
  expect(titles).toEqual(['Time for your Memento']);
});

/** Signs someone new in with notifications allowed, and opens Account Settings; returns the reminder switch. */
async function openReminderSettings(page: Page, context: BrowserContext, baseURL: string | undefined): Promise<Locator> {
  if (!baseURL) throw new Error('baseURL is not set');
  await context.grantPermissions(['notifications'], { origin: new URL(baseURL).origin });
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(`e2e-reminders-${randomUUID()}@example.test`, 'Ada');
  await expect(page).toHaveURL(paths.dashboard.href());
  await new DashboardPage(page).openAccount();
  await waitForServiceWorker(page);
  return page.getByRole('switch', { name: 'Remind me daily' });
}

/** How far the 'Daily reminder' heading starts below the setting before its section. */
function spaceAboveHeading(page: Page): Promise<number> {
  return page.getByRole('heading', { name: 'Daily reminder' }).evaluate((heading) => {
    const above = heading.closest('section')?.previousElementSibling;
    if (!above) throw new Error('nothing above the reminder section');
    return heading.getBoundingClientRect().top - above.getBoundingClientRect().bottom;
  });
}

/**
 * Playwright's contexts are incognito profiles, and Chromium has no Push API there: subscribe
 * rejects at once with AbortError "Registration failed - permission denied" (and logs why), even
 * with notifications allowed. That is a browser mode without push, not a connection problem.
 */
test('in a window without push, turning reminders on says so and what to do', async ({ page, context, baseURL, pageProblems }) => {
  const reminderSwitch = await openReminderSettings(page, context, baseURL);
  // The heading is set apart from the settings above it (it had only the group's 12 px gap).
  expect(await spaceAboveHeading(page)).toBeGreaterThanOrEqual(24);

  await reminderSwitch.click();
  await expect(page.getByText(/This browser window cannot receive reminders/)).toBeVisible();
  await expect(page.getByText(/Open Memento in a normal window or the installed app/)).toBeVisible();
  await expect(page.getByText(/connection/)).toHaveCount(0);
  await expect(reminderSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(reminderSwitch).toBeEnabled();

  const incognito = pageProblems.findIndex((problem) => problem.includes('does not support the Push API in incognito mode'));
  expect(incognito, 'Chromium said why it refused').toBeGreaterThanOrEqual(0);
  pageProblems.splice(incognito, 1);
});

/**
 * A real (persistent) profile has the Push API, but on this closed network Chromium's push
 * service cannot be reached and pushManager.subscribe never settles: the switch used to spin
 * forever. The page's clock is Playwright's, so the 15 s limit passes without waiting for it.
 */
test('where no push service can be reached, turning reminders on gives up after 15 s and says so', async ({ baseURL }) => {
  const profile = mkdtempSync(join(tmpdir(), 'memento-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, args: chromiumArgs, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.clock.install();
    const reminderSwitch = await openReminderSettings(page, context, baseURL);

    await reminderSwitch.click();
    await expect(page.getByText('Waiting for your browser’s push service…')).toBeVisible();
    await expect(reminderSwitch).toHaveAttribute('aria-busy', 'true');

    await page.clock.runFor(15_000);
    await expect(page.getByText(/No push service could be reached, so reminders are still off/)).toBeVisible();
    await expect(page.getByText(/Try again later or on another network/)).toBeVisible();
    await expect(reminderSwitch).toHaveAttribute('aria-busy', 'false');
    await expect(reminderSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(reminderSwitch).toBeEnabled();
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
