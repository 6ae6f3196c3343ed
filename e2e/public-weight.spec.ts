import { expect, paths, test } from './fixtures';

/**
 * Public pages, signed out, fetch none of the signed-in app's libraries: the schema library (zod)
 * and the on-device database (Dexie). A script is recognised by its source map, whatever its
 * chunk is called.
 */
const SIGNED_IN_LIBRARIES = /[\\/]node_modules[\\/](zod|dexie)[\\/]/;

const publicPages: readonly string[] = [
  paths.privacyPolicy.href(),
  paths.mortality.href(),
  paths.mortalityResult.href('1990-06-15'),
  paths.humanSounds.href(),
];

for (const path of publicPages) {
  test(`${path} signed out loads neither zod nor Dexie`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const found: { script: string; bytes: number; libraries: string[] }[] = [];
    for (const script of scripts) {
      const body = await page.request.get(script);
      const map = await page.request.get(`${script}.map`);
      const sources = map.ok() ? ((await map.json()) as { sources: string[] }).sources : [];
      const libraries = [...new Set(sources.flatMap((source) => SIGNED_IN_LIBRARIES.exec(source)?.[1] ?? []))];
      found.push({ script: new URL(script).pathname, bytes: (await body.body()).length, libraries });
    }
    test.info().annotations.push({ type: 'scripts', description: JSON.stringify(found) });
    expect(found.length, 'the page ran its scripts').toBeGreaterThan(0);
    expect(found.filter((entry) => entry.libraries.length > 0)).toEqual([]);
  });
}
