/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { answerRangeFromPrecache } from '../lib/precached-range';
import { hnCommentsNotification } from '../features/hn/hn-push';
import { notificationTarget, pickWindow, reminderNotification } from '../features/reminders/reminder-push';
import { runBackgroundSync, SYNC_TAG } from '../sync/background-sync';

declare const self: ServiceWorkerGlobalScope;

/**
 * The app's own files (shell, every route's code and styles, icons, manifest) are precached, so
 * every page opens offline after the first visit. API responses are never cached: nothing here
 * routes /api/*, so those requests always go to the network and the app sees real failures.
 */
// Ranged requests (how audio and video are fetched) for precached files, such as the Human
// Sounds MP3s, get the slice they ask for; registered first, so it comes before the precache's own
// route, which would answer with the whole file.
registerRoute(
  ({ request, url }) => request.headers.has('range') && url.origin === self.location.origin && !url.pathname.startsWith('/api/'),
  ({ request }) => answerRangeFromPrecache(request, matchPrecache, (ranged) => fetch(ranged)),
);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any navigation is answered with the precached app shell; the router decides what to show.
// Not the server's own pages: the local Stripe's API (/v1) and the pages it serves in Stripe's
// place (the bank's authentication check, Checkout, …), which a checkout opens in a window.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/v1\//, /^\/local-stripe\//],
  }),
);

// A new version waits until the page asks for it (the person pressed Reload).
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// Background Sync: the browser wakes the worker when the network is back, even with the app
// closed, and the worker pushes what was written offline with the same engine the pages use.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === SYNC_TAG) sync.waitUntil(runBackgroundSync());
});

// The server's Web Push becomes a notification: new comments on a tracked post (a tap opens the
// post's tracker page), else the daily reminder (the dashboard). A tap brings forward a window of
// the app that is already open.
self.addEventListener('push', (event) => {
  const text = event.data?.text() ?? null;
  const notification = hnCommentsNotification(text) ?? reminderNotification(text);
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: notification.body,
      tag: notification.tag,
      icon: notification.icon,
      badge: notification.badge,
      data: notification.data,
    }),
  );
});

async function openFromNotification(data: unknown): Promise<void> {
  const target = notificationTarget(data, self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const picked = pickWindow(windows, target);
  if (picked === null) {
    await self.clients.openWindow(target);
    return;
  }
  const focused = await picked.window.focus();
  if (picked.navigate) await focused.navigate(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification.data));
});
