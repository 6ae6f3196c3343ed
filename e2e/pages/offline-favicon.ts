import { expect, type Page } from '@playwright/test';

/** Requests that failed, by URL path. */
export function watchFailedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(new URL(request.url()).pathname));
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
 * worker, so from no cache) and logs each failure. Only those are taken back: any other
 * failed request (the app's) still fails the test.
 */
export function forgiveFaviconFailures(failed: readonly string[], pageProblems: string[]): void {
  expect(failed.filter((path) => path !== '/favicon.svg'), `failed requests: ${failed.join(", ")}`).toEqual([]);
  for (let i = 0; i < failed.length; i++) {
    const index = pageProblems.indexOf('console: Failed to load resource: net::ERR_INTERNET_DISCONNECTED');
    if (index >= 0) pageProblems.splice(index, 1);
  }
}
