import { randomUUID } from 'node:crypto';
import { STORY_PROBLEM_MESSAGES } from '#core/hn/story';
import { TRACKER_LINK_MESSAGES, hnItemLink, hnReplyLink } from '#core/hn/link';
import { FIXTURE_IDS } from '../sync-server/src/testing/local-hn/fixtures';
import { expect, paths, test, waitForServiceWorker } from './fixtures';
import { HnTracker, forgiveRefusals } from './pages/hn-tracker';
import { forgiveFaviconFailures, goOnline, watchFailedRequests } from './pages/offline-favicon';
import { SignInPage } from './pages/sign-in-page';

/**
 * The launch tracker against the real server, which reads the local Hacker News API
 * (playwright.config.ts starts it with the fixture threads of sync-server/src/testing/local-hn).
 */

const LAUNCH_TITLE = 'Show HN: Memento, a tiny launch tracker';
const someone = () => `e2e-hn-${randomUUID()}@example.test`;

async function signInFromLanding(hn: HnTracker): Promise<void> {
  await hn.page.goto(paths.hnrd.href());
  await hn.page.getByRole('link', { name: 'Get Started' }).click();
  await expect(hn.page).toHaveURL(/\/signup\?next=%2Fhnrd$/);
  await new SignInPage(hn.page).signInLocally(someone(), 'Ada');
  await expect(hn.page).toHaveURL(paths.hnrd.href());
  await hn.expectHeading(/Your trackers/);
}

test('a visitor sees the landing; Get Started signs in and returns to an empty list with an example', async ({ page }) => {
  const hn = new HnTracker(page);
  await page.goto(paths.hnrd.href());
  await hn.expectHeading('Answer every comment on your launch');
  await expect(hn.bar().getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Planned features' }).getByRole('heading', { name: /Digest.*Planned/ })).toBeVisible();
  expect(await hn.severeViolations('landing')).toEqual([]);

  await signInFromLanding(hn);
  await expect(page.getByText(/not tracking any posts yet/)).toBeVisible();
  await expect(page.getByRole('link', { name: hnItemLink(FIXTURE_IDS.example) })).toBeVisible();
  await expect(hn.bar().getByRole('link', { name: /Your account/ })).toBeVisible();
  expect(await hn.severeViolations('empty list')).toEqual([]);
});

test('track a launch: bad links refused, the unanswered comments, the free limit, offline copies and delete', async ({ page, context, pageProblems }) => {
  // A long flow (tracking, offline copies, deletion): about 30 s on two busy cores, the default limit.
  test.slow();
  const hn = new HnTracker(page);
  await signInFromLanding(hn);

  // Checked on the device, then by the server against the site.
  await hn.track('https://example.com/item?id=1');
  await expect(page.getByText(TRACKER_LINK_MESSAGES.NOT_AN_ITEM_LINK)).toBeVisible();
  await hn.track(hnItemLink(FIXTURE_IDS.deadStory));
  await expect(page.getByText(STORY_PROBLEM_MESSAGES.STORY_DEAD)).toBeVisible();
  await hn.track(String(FIXTURE_IDS.job));
  await expect(page.getByText(STORY_PROBLEM_MESSAGES.NOT_A_STORY)).toBeVisible();

  await hn.track(hnItemLink(FIXTURE_IDS.launch));
  await expect(page.getByText(`Now tracking “${LAUNCH_TITLE}”.`)).toBeVisible();
  const row = hn.tracker(LAUNCH_TITLE);
  await expect(row).toContainText('128 points');
  await expect(row).toContainText('4 unanswered');
  await expect(page.getByRole('region', { name: /Upgrade to Pro/ })).toBeVisible();

  // The free plan's one tracker is taken: the refusal is the upgrade prompt, and its link works.
  await hn.track(String(FIXTURE_IDS.example));
  const prompt = page.getByRole('region', { name: /Upgrade to Pro/ });
  // The refusal's own words (the prompt beside the list says less), in place of that prompt.
  await expect(prompt).toContainText('or delete your tracker first');
  await expect(prompt).toHaveCount(1);
  // Dead story, not a story, the free limit.
  forgiveRefusals(pageProblems, [410, 400, 403]);
  expect(await hn.severeViolations('list')).toEqual([]);
  await prompt.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(paths.hnUpgrade.href());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();

  // The comments that wait for the founder, oldest first; those the founder answered are absent.
  await row.getByRole('link', { name: LAUNCH_TITLE }).click();
  await expect(page).toHaveURL(paths.hnItem.href(FIXTURE_IDS.launch));
  await hn.expectHeading(LAUNCH_TITLE);
  const waiting = hn.comments('Unanswered comments');
  await expect(waiting).toHaveCount(4);
  expect(await waiting.getByText(/^(alice|mallory|grace|ivan)$/).allTextContents()).toEqual(['alice', 'mallory', 'grace', 'ivan']);
  for (const answered of ['bob', 'carol', 'erin', 'heidi']) await expect(page.getByRole('article', { name: `Comment by ${answered}` })).toHaveCount(0);
  const first = page.getByRole('article', { name: 'Comment by alice' });
  await expect(first.getByRole('link', { name: 'docs' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  const aliceReply = first.getByRole('link', { name: /Reply on Hacker News/ });
  await expect(aliceReply).toHaveAttribute('href', /^https:\/\/news\.ycombinator\.com\/reply\?id=\d+&goto=/);
  expect(await aliceReply.getAttribute('href')).toBe(hnReplyLink(FIXTURE_IDS.launch + 1, FIXTURE_IDS.launch));
  const hostile = page.getByRole('article', { name: 'Comment by mallory' });
  await expect(hostile).toContainText('Hi');
  await expect(hostile.locator('script, img, [onclick]')).toHaveCount(0);
  await expect(hostile.getByRole('link', { name: 'click' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: /Upgrade to Pro/ })).toContainText('deeper in the thread');
  expect(await hn.severeViolations('comments')).toEqual([]);

  // Offline, both pages open from the copies on this device, as of when they were checked.
  await waitForServiceWorker(page);
  await page.waitForLoadState('networkidle');
  const failed = watchFailedRequests(page);
  await context.setOffline(true);
  await page.reload();
  await hn.expectHeading(LAUNCH_TITLE);
  await expect(page.getByText(/Saved on this device as of .*You’re offline\./)).toBeVisible();
  await expect(waiting).toHaveCount(4);
  await page.goto(paths.hnrd.href());
  await expect(hn.tracker(LAUNCH_TITLE)).toContainText('4 unanswered');
  await expect(page.getByText(/Saved on this device as of .*You’re offline\./)).toBeVisible();
  await hn.track(String(FIXTURE_IDS.example));
  await expect(page.getByRole('status').filter({ hasText: 'Adding a tracker needs a connection.' })).toBeVisible();
  forgiveFaviconFailures(failed, pageProblems);

  // Back online: delete, after confirming.
  await goOnline(context);
  await page.reload();
  await hn.tracker(LAUNCH_TITLE).getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this tracker?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Deleted “${LAUNCH_TITLE}”.`)).toBeVisible();
  await expect(page.getByText(/not tracking any posts yet/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/not tracking any posts yet/)).toBeVisible();
});

test('the account overview: e-mail, plan, upgrade, contact, and Sign Out back to the tracker', async ({ page }) => {
  const hn = new HnTracker(page);
  await signInFromLanding(hn);
  await hn.bar().getByRole('link', { name: /Your account/ }).click();
  await expect(page).toHaveURL(paths.account.href());
  await hn.expectHeading('Account Overview');
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /Upgrade to Pro/ }).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', paths.hnUpgrade.href());
  await expect(page.getByRole('region', { name: 'Contact' }).getByRole('link')).toHaveAttribute('href', /^mailto:/);
  expect(await hn.severeViolations('account')).toEqual([]);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(paths.hnrd.href());
  await hn.expectHeading('Answer every comment on your launch');
  expect(await new SignInPage(page).storedEmail()).toBe('');
});
