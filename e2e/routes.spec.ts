import { expect, paths, test } from './fixtures';

const birthday = '1990-06-15';

/** One concrete URL for every route of the product's route table. */
const everyRoute: readonly string[] = [
  paths.home.href(),
  paths.signup.href(),
  paths.dashboard.href(),
  paths.mortality.href(),
  paths.mortalityResult.href(birthday),
  paths.mortalityMilestone.href(birthday, 'jobsphone'),
  paths.die.href(),
  paths.dieChart.href(birthday),
  paths.dieMilestone.href(birthday, 'jobsphone'),
  paths.life.href(),
  paths.weeksUntil.href(),
  paths.weeksUntilTarget.href('2031-03-01'),
  paths.weeksUntilTarget.href(10),
  paths.weeksUntilTarget.href('christmas'),
  paths.weeksUntilTarget.href('thanksgiving'),
  paths.weeksUntilTarget.href('endofyear'),
  paths.weeksUntilTarget.href('1-week-from-today'),
  paths.weeksUntilTarget.href('2-weeks-from-today'),
  paths.weeksUntilTarget.href('3-weeks-from-today'),
  paths.daysUntil.href(),
  paths.daysUntilTarget.href('2031-01-01'),
  paths.daysUntilTarget.href(30),
  paths.tools.href(),
  paths.privacyPolicy.href(),
  paths.bestGame.href(),
  paths.pay.href(),
  paths.thankYou.href(),
  paths.account.href(),
  paths.notFound.href(),
  paths.hnrd.href(),
  paths.hnItem.href(8863),
  paths.hnUpgrade.href(),
  paths.humanSounds.href(),
  paths.humanSoundsPay.href(),
  // Not a token's shape, so the page refuses it without asking (human-sounds.spec.ts asks the server).
  paths.humanSoundsThankYou.href('no-such-token'),
  paths.somethingNew.href(),
  paths.expert.href(),
  paths.expertForm.href(),
  paths.expertDashboard.href(),
  paths.expertPricing.href(),
  paths.expertAbout.href(),
  paths.expertPage.href('someone'),
  paths.mailbox.href(),
];

// Three pages visit the routes in turn instead of a new browser context and a cold page for each
// route (about 3 s apiece on two busy cores). Each route is a step of its own, named in a failure.
const ROUTE_GROUPS = 3;
const groupSize = Math.ceil(everyRoute.length / ROUTE_GROUPS);

test.describe('every route of the product answers with a page', () => {
  for (let group = 0; group < ROUTE_GROUPS; group += 1) {
    const urls = everyRoute.slice(group * groupSize, (group + 1) * groupSize);
    test(`routes ${String(group + 1)} of ${String(ROUTE_GROUPS)} (${urls.join(', ')}) each render a titled page`, async ({ page, pageProblems }) => {
      test.setTimeout(urls.length * 10_000);
      for (const url of urls) {
        await test.step(url, async () => {
          const response = await page.goto(url);
          expect(response?.status()).toBe(200);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page).toHaveTitle(/\S/);
          if (url !== paths.notFound.href()) {
            expect(new URL(page.url()).pathname).not.toBe(paths.notFound.href());
          }
          // No expert has that name: the page asked the server, whose 404 the browser logs (expert.spec.ts).
          if (url === paths.expertPage.href('someone')) {
            await expect(page.getByRole('heading', { level: 1 })).toHaveText('No expert page here');
            const logged = pageProblems.indexOf('console: Failed to load resource: the server responded with a status of 404 (Not Found)');
            expect(logged).toBeGreaterThanOrEqual(0);
            pageProblems.splice(logged, 1);
          }
        });
      }
    });
  }
});

test('an unknown path redirects to the not-found page, whose button goes home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(paths.notFound.href());
  await expect(page.getByRole('heading', { name: 'OH, NO' })).toBeVisible();
  await expect(page.getByText("That page doesn't exist, but you do!")).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(paths.home.href());
});

test('unknown API paths answer JSON 404, not the app shell', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ error: 'NOT_FOUND' });
});
