import { test as base, expect, type Page } from '@playwright/test';

export { paths } from '#core/paths';
export { expect };

interface Fixtures {
  /** Console errors and uncaught exceptions seen on the page; the test fails if any remain. */
  pageProblems: string[];
}

/**
 * The tag of a test that needs the app's service worker: one that goes offline, updates the app,
 * receives a push or installs it. Every other test runs with service workers blocked: the worker's
 * first install fetches and stores the whole precache (about 170 files) in every new browser
 * context, and that was a quarter of the processor time of the tests that never use it.
 */
export const WITH_SERVICE_WORKER = '@service-worker';

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern; this one needs none.
  serviceWorkers: async ({}, use, testInfo) => {
    await use(testInfo.tags.includes(WITH_SERVICE_WORKER) ? 'allow' : 'block');
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Freezes the page's clock at an instant, so "today" is known to the test. Pass an ISO time with
 * its offset (the config's zone is America/New_York: '2026-11-22T10:00:00-05:00'). Timers keep running.
 */
export async function setNow(page: Page, isoInstant: string): Promise<void> {
  await page.clock.setFixedTime(new Date(isoInstant));
}

/** Resolves once a service worker is active for the page's scope, i.e. the precache is complete. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  // Without the tag the worker is blocked and `ready` would never come: say so instead of timing out.
  if (!test.info().tags.includes(WITH_SERVICE_WORKER)) {
    throw new Error(`a test that waits for the service worker needs the tag ${WITH_SERVICE_WORKER}`);
  }
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });
}
