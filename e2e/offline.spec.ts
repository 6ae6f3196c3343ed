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
