import { expect, type BrowserContext, type Page, type Request } from '@playwright/test';

/** Contexts whose emulated network is being switched back on (inside `goOnline`). */
const reconnecting = new WeakSet<BrowserContext>();

/** How many times `goOffline` has cut each context's network. */
const cuts = new WeakMap<BrowserContext, number>();

/** Contexts whose emulated network is being cut (inside `goOffline`). */
const cutting = new WeakSet<BrowserContext>();

/**
 * Cuts the emulated network. A request the app had in the air at that moment (a sync begun
 * right after the test saw none in flight) fails as disconnected because the test cut it;
 * `watchFailedRequests` tells those apart too.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  cuts.set(context, (cuts.get(context) ?? 0) + 1);
  cutting.add(context);
  try {
    await context.setOffline(true);
  } finally {
    cutting.delete(context);
  }
}

/**
 * Turns the emulated network back on. Chromium applies it to the page first and to its service
 * worker a moment later, and the page's 'online' event comes in between: a request the app
 * starts right then (a sync on 'online') may still fail as disconnected. Those requests, and
 * only those, are told apart by `watchFailedRequests`.
 */
export async function goOnline(context: BrowserContext): Promise<void> {
  reconnecting.add(context);
  try {
    await context.setOffline(false);
  } finally {
    reconnecting.delete(context);
  }
}

/** Requests that failed, by URL path. */
export interface FailedRequests {
  /** Every other failed request, with the browser's error. */
  readonly others: { readonly path: string; readonly error: string }[];
  /**
   * Failed as disconnected because of the test's own switch: started while `goOnline` switched
   * the network back, or in the air when `goOffline` cut it.
   */
  readonly byTheTestsSwitch: string[];
}

export function watchFailedRequests(page: Page): FailedRequests {
  const failed: FailedRequests = { others: [], byTheTestsSwitch: [] };
  const startedDuringReconnect = new WeakSet<Request>();
  const cutsAtStart = new WeakMap<Request, number>();
  page.on('request', (request) => {
    if (reconnecting.has(page.context())) startedDuringReconnect.add(request);
    // A request the browser sent just before the cut can be reported while `goOffline` is still
    // switching: it counts as begun before that cut.
    const cutSoFar = cuts.get(page.context()) ?? 0;
    cutsAtStart.set(request, cutting.has(page.context()) ? cutSoFar - 1 : cutSoFar);
  });
  page.on('requestfailed', (request) => {
    const path = new URL(request.url()).pathname;
    const error = request.failure()?.errorText;
    // Cancelled, not failed: the page left before a preload finished, or the app aborted its own request.
    if (error === 'net::ERR_ABORTED') return;
    const disconnected = error === 'net::ERR_INTERNET_DISCONNECTED';
    const cutInFlight = (cuts.get(page.context()) ?? 0) > (cutsAtStart.get(request) ?? Number.POSITIVE_INFINITY);
    if (disconnected && (startedDuringReconnect.has(request) || cutInFlight)) failed.byTheTestsSwitch.push(path);
    else failed.others.push({ path, error: error ?? 'no error text' });
  });
  return failed;
}

/** How many requests to `/api` the page has started and not yet finished. */
export function watchApiInFlight(page: Page): () => number {
  const open = new Set<object>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) open.add(request);
  });
  const done = (request: object) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open.size;
}

/**
 * Offline, Chromium itself asks for the tab's icon again on page changes (outside the service
 * worker, so from no cache) and logs each failure. Those, and the requests caught by the
 * reconnect (see `goOnline`), are taken back: any other failed request (the app's) still fails
 * the test.
 */
export function forgiveFaviconFailures(failed: FailedRequests, pageProblems: string[]): void {
  const all = [...failed.others.map(({ path, error }) => `${path} (${error})`), ...failed.byTheTestsSwitch];
  const notTheIcon = failed.others.filter(({ path }) => path !== '/favicon.svg');
  expect(notTheIcon, `failed requests: ${all.join(', ')}`).toEqual([]);
  for (let i = 0; i < all.length; i++) {
    const index = pageProblems.indexOf('console: Failed to load resource: net::ERR_INTERNET_DISCONNECTED');
    if (index >= 0) pageProblems.splice(index, 1);
  }
}
