import { expect, type Page } from '@playwright/test';

/** Requests that failed, by URL path. */
export function watchFailedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(new URL(request.url()).pathname));
  return failed;
}

/**
 * Offline, Chromium itself asks for the tab's icon again on page changes (outside the service
 * worker, so from no cache) and logs each failure. Only those are taken back: any other
 * failed request (the app's) still fails the test.
 */
export function forgiveFaviconFailures(failed: readonly string[], pageProblems: string[]): void {
  expect(failed.filter((path) => path !== '/favicon.svg')).toEqual([]);
  for (let i = 0; i < failed.length; i++) {
    const index = pageProblems.indexOf('console: Failed to load resource: net::ERR_INTERNET_DISCONNECTED');
    if (index >= 0) pageProblems.splice(index, 1);
  }
}
