import { randomUUID } from 'node:crypto';
import { browserKeys } from '../sync-server/src/modules/reminders/testing/push-endpoint';
import { livePost } from '../sync-server/src/testing/local-hn/live-post';
import { publicKeyResponseSchema } from '#core/schemas/reminders';
import { expect, paths, test, waitForServiceWorker } from './fixtures';
import { HnTracker } from './pages/hn-tracker';
import { startHnWatchStack, type HnWatchStack } from './pages/hn-watch-stack';
import { registrationLog, standInPushService } from './pages/push-registration';
import { deliverPush, openWithActiveWorker, shownNotifications } from './pages/service-worker-push';
import { SignInPage } from './pages/sign-in-page';

/**
 * New comments on a tracked post, from the site to the person's screen: the person turns the
 * notifications on with the switch on /hnrd, the server's watch job reads the post (the local
 * Hacker News API) and sends its Web Push to the local push service, and the encrypted message
 * that arrived there is handed to the app's service worker in Chromium. Chromium cannot register
 * with a real push service: push-registration.ts answers that one call as a push service would,
 * with an endpoint at the local one. The server here is one of this test's own (see
 * hn-watch-stack.ts), so the test can run the job's passes and make the person Pro.
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
  const browser = browserKeys();
  const endpoint = `${stack.push.url}/push/ada`;
  await standInPushService(context, { endpoint, p256dh: browser.p256dh, auth: browser.auth });
  await context.grantPermissions(['notifications'], { origin: new URL(stack.url).origin });
  await page.goto(`${stack.url}${paths.signup.href()}`);
  const signIn = new SignInPage(page);
  await signIn.signInLocally(email, 'Ada');
  // Pro, as the upgrade would make them.
  await stack.sql`update users set account_type = 1 where email = ${email}`;
  await page.goto(`${stack.url}${paths.hnrd.href()}`);
  await hn.track(post.link);
  await expect(page.getByText(`Now tracking “${post.title}”.`)).toBeVisible();

  // Turned on where the trackers are: the browser subscribes with the server's key, the server keeps it.
  await waitForServiceWorker(page);
  const notify = page.getByRole('switch', { name: 'Notify me of new comments on this device' });
  await expect(notify).toHaveAttribute('aria-checked', 'false');
  await notify.click();
  await expect(notify).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('On: this device gets a notification when new comments wait for you.')).toBeVisible();
  const { publicKey } = publicKeyResponseSchema.parse(await (await fetch(`${stack.url}/api/reminders/public-key`)).json());
  expect((await registrationLog(page)).keys).toEqual([publicKey]);
  expect(await stack.sql`select hn_comments from push_subscriptions where endpoint = ${endpoint}`).toEqual([{ hn_comments: true }]);
  // For the notices only: no daily reminder is planned for this person.
  const planned = await stack.sql`
    select j.due_at from reminder_jobs j join users u on u.id = j.user_id where u.email = ${email} and j.due_at is not null`;
  expect(planned).toEqual([]);
  // What the switch shows is what the server keeps for this browser, after a reload too.
  await page.reload();
  await expect(notify).toHaveAttribute('aria-checked', 'true');

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

  // Turned off again: nothing else uses the subscription, so the browser lets go of it too, and
  // the next new comment reaches no one.
  await page.goto(`${stack.url}${paths.hnrd.href()}`);
  await expect(notify).toHaveAttribute('aria-checked', 'true');
  expect(await hn.severeViolations('notifications switch')).toEqual([]);
  await notify.click();
  await expect(notify).toHaveAttribute('aria-checked', 'false');
  expect((await registrationLog(page)).unsubscribed).toBe(1);
  expect(await stack.sql`select id from push_subscriptions where endpoint = ${endpoint}`).toEqual([]);
  const received = stack.push.received.length;
  post.comment('yan');
  stack.clock.now += 2 * MINUTE;
  expect(await stack.watchPass()).toMatchObject({ checked: 1, pushes: 0 });
  expect(stack.push.received).toHaveLength(received);
});
