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

/**
 * Headless Chromium has no push service (pushManager.subscribe fails), but CDP can hand a push
 * message straight to the service worker: the same 'push' event a real one would cause.
 */
test('a reminder pushed to the service worker is shown as a notification', async ({ page, context, baseURL }) => {
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

  const push = {
    kind: 'daily-reminder',
    title: 'Time for your Memento',
    body: 'Two quiet minutes: today’s practice is still open.',
    day: '2026-03-01',
    url: '/dashboard',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(push) });

  const shown = () =>
    page.evaluate(async (): Promise<ShownNotification[]> => {
      const registration = await navigator.serviceWorker.ready;
      const notifications = await registration.getNotifications();
      return notifications.map(({ title, body, tag, data }) => ({ title, body, tag, data: data as unknown }));
    });
  await expect.poll(shown).toEqual([
    { title: push.title, body: push.body, tag: 'memento-daily-reminder', data: { url: '/dashboard' } },
  ]);

  // A second reminder replaces the first (same tag) instead of piling up.
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify({ ...push, day: '2026-03-02' }) });
  await expect.poll(async () => (await shown()).length).toBe(1);
});

test('an unreadable push still shows the usual reminder', async ({ page, context, baseURL }) => {
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
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: 'not json' });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((notification) => notification.title);
      }),
    )
    .toEqual(['Time for your Memento']);
});
