import { expect, type BrowserContext, type CDPSession, type Page, type Worker } from '@playwright/test';
import { paths } from '#core/paths';
import { waitForServiceWorker } from '../fixtures';

/**
 * Push messages handed to the app's service worker as a push service would: headless Chromium
 * has none (pushManager.subscribe cannot work), but CDP delivers a message straight to the worker,
 * which raises the same 'push' event.
 */

interface WorkerVersion {
  readonly registrationId: string;
  readonly status: string;
}

export interface ShownNotification {
  readonly title: string;
  readonly body: string;
  readonly tag: string;
  readonly data: unknown;
}

/** What the spy below keeps in the worker's global scope. */
interface SpiedScope {
  settledShows: number;
}

export interface PushTarget {
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
export async function openWithActiveWorker(page: Page, context: BrowserContext, baseURL: string | undefined): Promise<PushTarget> {
  if (!baseURL) throw new Error('baseURL is not set');
  const origin = new URL(baseURL).origin;
  await context.grantPermissions(['notifications'], { origin });
  await page.goto(new URL(paths.home.href(), baseURL).href);
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
export async function deliverPush(target: PushTarget, data: string): Promise<void> {
  const settled = () => target.worker.evaluate(() => (self as unknown as SpiedScope).settledShows);
  const before = await settled();
  await target.cdp.send('ServiceWorker.deliverPushMessage', { origin: target.origin, registrationId: target.registrationId, data });
  await expect.poll(settled, { message: 'the worker shows a notification for the push' }).toBe(before + 1);
}

/** The notifications the app's worker shows now, as a person would see them. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async (): Promise<ShownNotification[]> => {
    const registration = await navigator.serviceWorker.ready;
    const notifications = await registration.getNotifications();
    return notifications.map(({ title, body, tag, data }) => ({ title, body, tag, data: data as unknown }));
  });
}
