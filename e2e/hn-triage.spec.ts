import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { hnItemLink } from '#core/hn/link';
import { FIXTURE_IDS } from '../sync-server/src/testing/local-hn/fixtures';
import { expect, paths, test, waitForServiceWorker } from './fixtures';
import { HnTracker } from './pages/hn-tracker';
import { forgiveFaviconFailures, goOnline, watchApiInFlight, watchFailedRequests } from './pages/offline-favicon';
import { SignInPage } from './pages/sign-in-page';

/**
 * Triage of the launch tracker's waiting comments, as a person uses it across two devices: done
 * offline, still done after an offline reload, synced once back online, seen done on a second
 * browser signed in as the same person, and restored there for the first one to see.
 */

const LAUNCH_TITLE = 'Show HN: Memento, a tiny launch tracker';
const someone = () => `e2e-hn-triage-${randomUUID()}@example.test`;

const setAside = (page: Page) => page.getByRole('region', { name: /^Done and snoozed/ });
/** The sync line of the triage list: "Offline — will sync", "Synced", … */
const triageSync = (page: Page) => setAside(page).getByRole('status');

/** Another browser (its own storage: another device) signed in as `email`. */
async function secondDevice(browser: Browser, email: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(email);
  await expect(page.getByRole('heading', { name: "Today's Activities" })).toBeVisible();
  return { page, close: () => context.close() };
}

test('done offline stays done through an offline reload, syncs, and shows done on the person’s other device', async ({ page, context, browser, pageProblems }) => {
  test.slow();
  const hn = new HnTracker(page);
  const email = someone();
  await page.goto(paths.hnrd.href());
  await page.getByRole('link', { name: 'Get Started' }).click();
  await new SignInPage(page).signInLocally(email, 'Ada');
  await hn.expectHeading(/Your trackers/);
  await hn.track(hnItemLink(FIXTURE_IDS.launch));
  await expect(hn.tracker(LAUNCH_TITLE)).toContainText('4 unanswered');
  await hn.tracker(LAUNCH_TITLE).getByRole('link', { name: LAUNCH_TITLE }).click();
  const waiting = hn.comments('Unanswered comments');
  await expect(waiting).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Done with the comment by alice' })).toBeVisible();

  // Offline once everything the page asked for has arrived: a request cut half-way is the
  // network's doing, not the app's.
  await waitForServiceWorker(page);
  const apiInFlight = watchApiInFlight(page);
  await page.waitForLoadState('networkidle');
  await expect.poll(apiInFlight).toBe(0);
  const failed = watchFailedRequests(page);
  await context.setOffline(true);

  await page.getByRole('button', { name: 'Done with the comment by alice' }).click();
  await expect(page.getByText('Marked the comment by alice done.')).toBeVisible();
  await expect(waiting).toHaveCount(3);
  await expect(page.getByRole('article', { name: 'Comment by alice' })).toHaveCount(0);
  await expect(setAside(page).getByText('Done and snoozed (1)')).toBeVisible();
  await expect(triageSync(page)).toHaveText('Offline — will sync');
  expect(await hn.severeViolations('triaged offline')).toEqual([]);

  // Reloaded offline: the comments from the device's copy, alice's still done.
  await page.reload();
  await hn.expectHeading(LAUNCH_TITLE);
  await expect(waiting).toHaveCount(3);
  await setAside(page).getByText('Done and snoozed (1)').click();
  await expect(setAside(page).getByRole('article', { name: 'Comment by alice' })).toContainText(/Done (just now|\d+ minutes? ago)/);
  await page.goto(paths.hnrd.href());
  await expect(hn.tracker(LAUNCH_TITLE)).toContainText('3 unanswered');
  await expect(hn.tracker(LAUNCH_TITLE)).toContainText('1 done or snoozed');
  await page.goBack();
  await hn.expectHeading(LAUNCH_TITLE);

  // Back online, the triage goes to the server.
  await goOnline(context);
  await expect(triageSync(page)).toHaveText('Synced', { timeout: 20_000 });
  forgiveFaviconFailures(failed, pageProblems);

  // The same person on another device: alice's comment is done there too.
  const other = await secondDevice(browser, email);
  const otherHn = new HnTracker(other.page);
  await otherHn.openItem(FIXTURE_IDS.launch);
  await otherHn.expectHeading(LAUNCH_TITLE);
  await expect(setAside(other.page).getByText('Done and snoozed (1)')).toBeVisible();
  await expect(otherHn.comments('Unanswered comments')).toHaveCount(3);
  await expect(other.page.getByRole('article', { name: 'Comment by alice' })).toHaveCount(0);

  // Snoozed there for a week, it leaves this device's list too after the next sync (a reload
  // pulls at start).
  // The status may still say Synced from before the snooze: the device is closed only once the
  // server has taken a push made after it (from the page or its service worker).
  const snoozePushed = other.page.context().waitForEvent('response', {
    predicate: (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/sync/push' && response.ok(),
    timeout: 20_000,
  });
  await other.page.getByRole('button', { name: 'Snooze the comment by grace' }).click();
  await other.page.getByRole('button', { name: '1 week' }).click();
  await expect(setAside(other.page).getByText('Done and snoozed (2)')).toBeVisible();
  await snoozePushed;
  await expect(triageSync(other.page)).toHaveText('Synced', { timeout: 20_000 });
  await other.close();
  await page.reload();
  await hn.expectHeading(LAUNCH_TITLE);
  await expect(setAside(page).getByText('Done and snoozed (2)')).toBeVisible({ timeout: 20_000 });
  await expect(waiting).toHaveCount(2);
  await expect(page.getByRole('article', { name: 'Comment by grace' })).toHaveCount(0);
});
