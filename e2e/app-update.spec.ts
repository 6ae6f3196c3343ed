import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newDataDir, startServer, type RunningServer } from './bench/server';
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
    return await startServer(newDataDir());
  } finally {
    if (shared === undefined) delete process.env.PUBLIC_DIR;
    else process.env.PUBLIC_DIR = shared;
  }
}

test('a new version waits until the person presses Reload, then takes over the tab', async ({ page }) => {
  // A server of its own starts (a fresh database) and a service worker installs twice.
  test.slow();
  const folder = mkdtempSync(join(tmpdir(), 'memento-release-'));
  const publicDir = join(folder, 'pwa');
  cpSync(builtApp, publicDir, { recursive: true });
  const server = await serveCopyOfBuild(publicDir);
  try {
    await page.goto(`${server.url}${paths.home.href()}`);
    await waitForServiceWorker(page);
    await expect(page.getByText('Memento is ready to work offline.')).toBeVisible();
    // A later visit: the installed version answers the page.
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // The next release: a service worker that differs by one line, as a new build would.
    appendFileSync(join(publicDir, 'sw.js'), '\n// next release\n');
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
    });

    const banner = page.getByRole('status').filter({ hasText: 'Update available' });
    await expect(banner).toBeVisible();
    // Nothing switched on by itself: the new version waits for the person.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting))).toBe(true);

    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return {
        waiting: registration.waiting !== null,
        controlledByActive: navigator.serviceWorker.controller === registration.active,
      };
    });
    expect(after).toEqual({ waiting: false, controlledByActive: true });
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});
