import { expect, paths, test, waitForServiceWorker } from './fixtures';

const offlinePages: readonly string[] = [
  paths.home.href(),
  paths.tools.href(),
  paths.weeksUntil.href(),
  paths.weeksUntilTarget.href('christmas'),
  paths.daysUntilTarget.href('2031-01-01'),
  paths.privacyPolicy.href(),
  paths.life.href(),
  paths.dieChart.href('1990-06-15'),
];

test('after one visit, the public pages open with no network at all', async ({ page, context }) => {
  await page.goto(paths.home.href());
  await waitForServiceWorker(page);

  await context.setOffline(true);
  for (const url of offlinePages) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }), `${url} offline`).toBeVisible();
  }
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the service worker never answers API calls from a cache', async ({ page, context, pageProblems }) => {
  await page.goto(paths.home.href());
  await waitForServiceWorker(page);
  await context.setOffline(true);
  const outcome = await page.evaluate(async () => {
    try {
      const response = await fetch('/api/health');
      return `status ${response.status}`;
    } catch {
      return 'network error';
    }
  });
  expect(outcome).toBe('network error');
  // The failed request is what this test provokes: take its console line back, and only it.
  const expected = pageProblems.findIndex((problem) => problem.includes('ERR_INTERNET_DISCONNECTED'));
  expect(expected).toBeGreaterThanOrEqual(0);
  pageProblems.splice(expected, 1);
});

test.describe('before the app is stored on the device', () => {
  // No service worker: the first visit's network went before the next page's code had come.
  test.use({ serviceWorkers: 'block' });

  test('a page whose code could not come offline opens by itself once the network is back, without a reload', async ({ page, context, pageProblems }) => {
    await page.goto(paths.home.href());
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' }).click();
    await expect(page.getByText(/has not been saved on this device yet, and you are offline/)).toBeVisible();
    // Still offline, Try again stays on the page rather than reloading into the browser's offline page.
    const fetchedAgain = page.waitForEvent('requestfailed');
    await page.getByRole('button', { name: 'Try again' }).click();
    await fetchedAgain;
    await expect(page.getByText(/has not been saved on this device yet, and you are offline/)).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    // What the offline fetches logged: the failed requests and React's report of the caught error.
    const expected = (problem: string) => /ERR_INTERNET_DISCONNECTED|dynamically imported module|Unable to preload CSS/.test(problem);
    expect(pageProblems.some(expected)).toBe(true);
    pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((problem) => !expected(problem)));
  });
});
