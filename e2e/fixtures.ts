import { test as base, expect, type Page } from '@playwright/test';

export { paths } from '#core/paths';
export { expect };

interface Fixtures {
  /** Console errors and uncaught exceptions seen on the page; the test fails if any remain. */
  pageProblems: string[];
}

export const test = base.extend<Fixtures>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      // Where each console error came from (for a failed request, its address), for the report
      // only: tests that expect a problem match its text exactly.
      const sources = new Map<string, string>();
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = `console: ${message.text()}`;
        problems.push(text);
        const { url } = message.location();
        if (url !== '') sources.set(text, url);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      const reported = problems.map((text) => {
        const source = sources.get(text);
        return source === undefined ? text : `${text} (from ${source})`;
      });
      expect(reported, 'the page logged errors').toEqual([]);
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
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });
}
