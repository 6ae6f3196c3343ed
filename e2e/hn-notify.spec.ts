import { randomUUID } from 'node:crypto';
import { browserKeys } from '../sync-server/src/modules/reminders/testing/push-endpoint';
import { livePost } from '../sync-server/src/testing/local-hn/live-post';
import { expect, paths, test } from './fixtures';
import { HnTracker } from './pages/hn-tracker';
import { startHnWatchStack, type HnWatchStack } from './pages/hn-watch-stack';
import { deliverPush, openWithActiveWorker, shownNotifications } from './pages/service-worker-push';
import { SignInPage } from './pages/sign-in-page';

/**
 * New comments on a tracked post, from the site to the person's screen: the server's watch job
 * reads the post (the local Hacker News API), sends its Web Push to the local push service, and
 * the encrypted message that arrived there is handed to the app's service worker in Chromium
 * (which cannot subscribe to a real push service). The server here is one of this test's own
 * (see hn-watch-stack.ts), so the test can run the job's passes and make the person Pro.
 */

const MINUTE = 60_000;
let stack: HnWatchStack;

test.beforeAll(async () => {
  stack = await startHnWatchStack();
});
test.afterAll(() => stack.close());

test('a new comment arrives as a notification leading to the post, where Pro sees its score and comments over time', async ({ page, context }) => {
  test.slow();
  const post = livePost(stack.local, {
    id: 42_000_000,
    postedAt: stack.clock.now - 10 * MINUTE,
    title: 'Show HN: Launch day',
    score: 10,
    comments: [{ by: 'early' }],
  });
  const hn = new HnTracker(page);
  const email = `e2e-hn-notify-${randomUUID()}@example.test`;
  await page.goto(`${stack.url}${paths.signup.href()}`);
  const signIn = new SignInPage(page);
  await signIn.signInLocally(email, 'Ada');
  // Pro, as the upgrade would make them.
  await stack.sql`update users set account_type = 1 where email = ${email}`;
  await page.goto(`${stack.url}${paths.hnrd.href()}`);
  await hn.track(post.link);
  await expect(page.getByText(`Now tracking “${post.title}”.`)).toBeVisible();

  // The browser's subscription, saved as turning notifications on saves it.
  const browser = browserKeys();
  const saved = await fetch(`${stack.url}/api/reminders/subscriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await signIn.storedToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: `${stack.push.url}/push/ada`, keys: { p256dh: browser.p256dh, auth: browser.auth } }),
  });
  expect(saved.status).toBe(201);

  // The first check finds what the person saw on adding the post: nothing to tell.
  expect(await stack.watchPass()).toMatchObject({ checked: 1, pushes: 0 });
  post.comment('zoe');
  post.setScore(15);
  stack.clock.now += 2 * MINUTE;
  expect(await stack.watchPass()).toMatchObject({ checked: 1, pushes: 1 });
  const [message] = stack.push.received.filter((push) => push.path === '/push/ada');
  if (message === undefined) throw new Error('no push reached the push service');

  const target = await openWithActiveWorker(page, context, stack.url);
  await deliverPush(target, browser.decrypt(message.body));
  const shown = await shownNotifications(page);
  expect(shown).toEqual([
    {
      title: '1 new comment waits for you',
      body: `On “${post.title}”. Tap to see it and reply.`,
      tag: `hn-new-comments-${String(post.id)}`,
      data: { url: paths.hnItem.href(post.id) },
    },
  ]);

  // Where a tap leads (the worker opens the notification's page, or brings a window to it).
  const [notice] = shown;
  await page.goto(new URL((notice?.data as { url: string }).url, stack.url).href);
  await hn.expectHeading(post.title);
  await expect(page.getByRole('article', { name: 'Comment by zoe' })).toBeVisible();
  const chart = page.getByRole('region', { name: 'Score and comments over time' });
  await expect(
    chart.getByRole('figure', { name: /^Score went from 10 points to 15 points and comments went from 1 comment to 2 comments, between .+ \(2 checks\)\.$/ }),
  ).toBeVisible();
  await expect(chart.locator('svg path')).toHaveCount(2);
  expect(await hn.severeViolations('time series')).toEqual([]);
});
