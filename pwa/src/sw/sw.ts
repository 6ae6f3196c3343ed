/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { runBackgroundSync, SYNC_TAG } from '../sync/background-sync';

declare const self: ServiceWorkerGlobalScope;

/**
 * The app's own files (shell, every route's code and styles, icons, manifest) are precached, so
 * every page opens offline after the first visit. API responses are never cached: nothing here
 * routes /api/*, so those requests always go to the network and the app sees real failures.
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any navigation is answered with the precached app shell; the router decides what to show.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//],
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
