import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newDataDir, startServer, type RunningServer } from './bench/server';
import type { Page } from '@playwright/test';
import { expect, paths, test, waitForServiceWorker } from './fixtures';

const builtApp = fileURLToPath(new URL('../dist/pwa', import.meta.url));

/**
 * A server of its own on a copy of the build, so this test can publish a "next release" (the
 * shared server and build stay as they are). The browser cannot be made to fetch a changed
 * service worker script any other way: routing does not reach the worker's update check.
 */
async function serveCopyOfBuild(publicDir: string): Promise<RunningServer> {
  const shared = process.env.PUBLIC_DIR;
  process.env.PUBLIC_DIR = publicDir;
  try {
    // A first start migrates a new data folder: slow on a busy machine.
    return await startServer(newDataDir(), 90_000);
  } finally {
    if (shared === undefined) delete process.env.PUBLIC_DIR;
    else process.env.PUBLIC_DIR = shared;
  }
}

/** A copy of the build served by a server of its own, and a way to publish its next release. */
interface Release {
  readonly url: string;
  /** A service worker that differs by one line, as a new build would. */
  publishNext(): void;
  close(): Promise<void>;
}

async function releaseOfBuild(): Promise<Release> {
  const folder = mkdtempSync(join(tmpdir(), 'memento-release-'));
  const publicDir = join(folder, 'pwa');
  cpSync(builtApp, publicDir, { recursive: true });
  const server = await serveCopyOfBuild(publicDir);
  return {
    url: server.url,
    publishNext: () => appendFileSync(join(publicDir, 'sw.js'), '\n// next release\n'),
    async close() {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
      rmSync(server.dataDir, { recursive: true, force: true });
    },
  };
}

/** The browser checks for a new version now (as it does on navigations and hourly). */
async function checkForUpdate(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    await registration.update();
  });
}

/** After Reload: the new version is active and answers this tab, nothing waits. */
async function expectNewVersionInCharge(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const after = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return {
      waiting: registration.waiting !== null,
      controlledByActive: navigator.serviceWorker.controller === registration.active,
    };
  });
  expect(after).toEqual({ waiting: false, controlledByActive: true });
}

const updateBanner = (page: Page) => page.getByRole('status').filter({ hasText: 'Update available' });

test('a new version waits until the person presses Reload, then takes over the tab', async ({ page }) => {
  // A server of its own starts (a fresh database) and a service worker installs twice.
  test.slow();
  const release = await releaseOfBuild();
  try {
    await page.goto(`${release.url}${paths.home.href()}`);
    await waitForServiceWorker(page);
    await expect(page.getByText('Memento is ready to work offline.')).toBeVisible();
    // A later visit: the installed version answers the page.
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    release.publishNext();
    await checkForUpdate(page);

    const banner = updateBanner(page);
    await expect(banner).toBeVisible();
    // Nothing switched on by itself: the new version waits for the person.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting))).toBe(true);

    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(banner).toBeHidden();
    await expectNewVersionInCharge(page);
  } finally {
    await release.close();
  }
});

test('in the tab of the first visit, which no service worker controls, Reload switches to the new version; another tab keeps its page', async ({ page, context }) => {
  test.slow();
  const release = await releaseOfBuild();
  try {
    await page.goto(`${release.url}${paths.home.href()}`);
    await waitForServiceWorker(page);
    await expect(page.getByText('Memento is ready to work offline.')).toBeVisible();
    // sw.ts does not claim open pages: the first visit's tab stays uncontrolled.
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    // A second tab, opened later, is controlled by the installed version, so a new one waits.
    const other = await context.newPage();
    await other.goto(`${release.url}${paths.home.href()}`);
    expect(await other.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    release.publishNext();
    await checkForUpdate(page);
    const banner = updateBanner(page);
    await expect(banner).toBeVisible();
    await expect(updateBanner(other)).toBeVisible();
    // What the other tab shows (a half-typed entry, say) lives in its window: it must survive.
    await other.evaluate(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => Object.assign(window, { switchedWithoutReload: true }));
    });

    // No controller change comes to this tab: it reloads once the new version is active.
    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(banner).toBeHidden();
    await expectNewVersionInCharge(page);

    // The other tab is now controlled by the new version and was not reloaded.
    await expect.poll(() => other.evaluate(() => 'switchedWithoutReload' in window)).toBe(true);
    await expect(updateBanner(other)).toBeVisible();
  } finally {
    await release.close();
  }
});
