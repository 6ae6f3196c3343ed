import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, paths, test } from './fixtures';
import { ExpertPages } from './pages/expert-pages';

/**
 * Public pages, signed out, fetch none of the signed-in app's code: the schema library (zod), the
 * on-device database (Dexie) and the sync engine (pwa/src/sync, pwa/src/db). A script is
 * recognised by its source map, whatever its chunk is called.
 */
const SIGNED_IN_LIBRARIES = /[\\/]node_modules[\\/](zod|dexie)[\\/]/;
const SYNC_ENGINE = /[\\/]pwa[\\/]src[\\/](sync|db)[\\/]/;

interface FetchedScript {
  readonly script: string;
  readonly bytes: number;
  /** What of the signed-in app the script was built from: 'zod', 'dexie', 'sync', 'db'. */
  readonly signedInCode: string[];
}

/** Opens `path` signed out and reads the source map of every script the page fetched. */
async function scriptsOf(page: Page, path: string, heading?: string): Promise<FetchedScript[]> {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, ...(heading === undefined ? {} : { name: heading }) })).toBeVisible();
  // A page the server wrote whole shows its heading before the app is even fetched (it is, after
  // the first paint): the app has started once the page is no longer inert.
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await page.waitForLoadState('networkidle');

  const found: FetchedScript[] = [];
  for (const script of scripts) {
    const body = await page.request.get(script);
    const map = await page.request.get(`${script}.map`);
    const sources = map.ok() ? ((await map.json()) as { sources: string[] }).sources : [];
    const signedInCode = [
      ...new Set(sources.flatMap((source) => [SIGNED_IN_LIBRARIES.exec(source)?.[1] ?? [], SYNC_ENGINE.exec(source)?.[1] ?? []].flat())),
    ];
    found.push({ script: new URL(script).pathname, bytes: (await body.body()).length, signedInCode });
  }
  test.info().annotations.push({ type: 'scripts', description: JSON.stringify(found) });
  return found;
}

function expectNoSignedInCode(found: readonly FetchedScript[]): void {
  expect(found.length, 'the page ran its scripts').toBeGreaterThan(0);
  expect(found.filter((entry) => entry.signedInCode.length > 0)).toEqual([]);
}

const publicPages: readonly string[] = [
  paths.home.href(),
  paths.life.href(),
  paths.dieChart.href('1990-06-15'),
  paths.mortality.href(),
  paths.mortalityResult.href('1990-06-15'),
  paths.weeksUntil.href(),
  paths.weeksUntilTarget.href('christmas'),
  paths.weeksUntilTarget.href('2-weeks-from-today'),
  paths.daysUntil.href(),
  paths.daysUntilTarget.href('2030-01-01'),
  paths.tools.href(),
  paths.privacyPolicy.href(),
  paths.humanSounds.href(),
  paths.bestGame.href(),
  paths.somethingNew.href(),
  paths.hnrd.href(),
  paths.expert.href(),
  paths.expertPage.href('NobodyHere'),
];

for (const path of publicPages) {
  test(`${path} signed out loads no zod, Dexie or sync engine`, async ({ page, pageProblems }) => {
    const found = await scriptsOf(page, path);
    expectNoSignedInCode(found);
    if (path === paths.expertPage.href('NobodyHere')) {
      // The page's own call answered 404, which the browser logs.
      const logged = pageProblems.findIndex((problem) => problem.includes('404'));
      expect(logged).toBeGreaterThanOrEqual(0);
      pageProblems.splice(logged, 1);
    }
  });
}

test("an expert's public page signed out loads no zod, Dexie or sync engine", async ({ page, browser }) => {
  test.slow();
  const siteName = `Weigh${randomUUID().replace(/[^a-f]/g, '').slice(0, 8).padEnd(8, 'x')}`;
  const expertContext = await browser.newContext();
  await new ExpertPages(await expertContext.newPage()).becomeExpert(`e2e-weight-${randomUUID()}@example.test`, {
    siteName,
    yourName: 'Wendy Weigh',
    bio: 'I weigh pages.',
    verb: 'Tutor',
    helpList: ['Bytes'],
    rate: '30.00',
  });
  await expertContext.close();
  expectNoSignedInCode(await scriptsOf(page, paths.expertPage.href(siteName), "Hi, there! I'm Wendy Weigh"));
});
