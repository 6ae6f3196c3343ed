import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../playwright.config';
import { expect, paths, test, waitForServiceWorker } from './fixtures';

interface InstallabilityErrors {
  installabilityErrors: { errorId: string }[];
}

test('Chromium finds the app installable (manifest, icons, service worker)', async ({ baseURL }) => {
  // Incognito contexts never report installability, so this test uses a real profile folder.
  const profile = mkdtempSync(join(tmpdir(), 'memento-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    baseURL,
  });
  try {
    const page = await context.newPage();
    await page.goto(paths.home.href());
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => {
        const result = (await cdp.send('Page.getInstallabilityErrors')) as InstallabilityErrors;
        return result.installabilityErrors.map((error) => error.errorId);
      })
      .toEqual([]);
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      if (!link) return null;
      const response = await fetch(link.href);
      return (await response.json()) as { name: string; display: string; icons: { sizes: string; purpose?: string }[] };
    });
    expect(manifest?.display).toBe('standalone');
    expect(manifest?.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest?.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
