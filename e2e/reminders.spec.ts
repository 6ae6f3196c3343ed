import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { expect, paths, test, waitForServiceWorker } from './fixtures';

interface WorkerVersion {
  readonly registrationId: string;
  readonly status: string;
}

interface ShownNotification {
  readonly title: string;
  readonly body: string;
  readonly tag: string;
  readonly data: unknown;
}

/** What the spy below keeps in the worker's global scope. */
interface SpiedScope {
  settledShows: number;
}

interface PushTarget {
  readonly cdp: CDPSession;
  readonly origin: string;
  readonly registrationId: string;
  readonly worker: Worker;
}

/**
 * Opens the app with notifications allowed and waits for its worker to be active. The worker's
 * showNotification is wrapped to count finished calls (what it shows is unchanged): Chromium drops
 * a notification from getNotifications() when that list is read while the notification is still
 * being displayed, so each read waits until the worker's call has settled.
 */
async function openWithActiveWorker(page: Page, context: BrowserContext, baseURL: string | undefined): Promise<PushTarget> {
  if (!baseURL) throw new Error('baseURL is not set');
  const origin = new URL(baseURL).origin;
  await context.grantPermissions(['notifications'], { origin });
  await page.goto(paths.home.href());
  await waitForServiceWorker(page);

  const cdp = await context.newCDPSession(page);
  const activated = new Promise<WorkerVersion>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: WorkerVersion[] }) => {
      const version = versions.find((candidate) => candidate.status === 'activated');
      if (version) resolve(version);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const { registrationId } = await activated;

  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(() => {
    const scope = self as unknown as SpiedScope & { registration: ServiceWorkerRegistration };
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.settledShows = 0;
    scope.registration.showNotification = (title: string, options?: NotificationOptions) => {
      const shown = show(title, options);
      const count = () => {
        scope.settledShows += 1;
      };
      shown.then(count, count);
      return shown;
    };
  });
  return { cdp, origin, registrationId, worker };
}

/** Hands a push message to the worker, then waits until it has called showNotification once more. */
async function deliverPush(target: PushTarget, data: string): Promise<void> {
  const settled = () => target.worker.evaluate(() => (self as unknown as SpiedScope).settledShows);
  const before = await settled();
  await target.cdp.send('ServiceWorker.deliverPushMessage', { origin: target.origin, registrationId: target.registrationId, data });
  await expect.poll(settled, { message: 'the worker shows a notification for the push' }).toBe(before + 1);
}

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
    url: '/dashboard',
  };
  await deliverPush(target, JSON.stringify(push));

  const shown = () =>
    page.evaluate(async (): Promise<ShownNotification[]> => {
      const registration = await navigator.serviceWorker.ready;
      const notifications = await registration.getNotifications();
      return notifications.map(({ title, body, tag, data }) => ({ title, body, tag, data: data as unknown }));
    });
  expect(await shown()).toEqual([
    { title: push.title, body: push.body, tag: 'memento-daily-reminder', data: { url: '/dashboard' } },
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
