import type { Page } from '@playwright/test';
import { expect, paths, setNow, test } from './fixtures';

// Sunday 22 November 2026, mid-morning in New York (the zone the tests' browser runs in).
const SUNDAY_MORNING = '2026-11-22T10:00:00-05:00';

test.describe('weeks until', () => {
  test.beforeEach(async ({ page }) => {
    await setNow(page, SUNDAY_MORNING);
  });

  test('Christmas counts whole weeks and the remaining days to the next 25 December', async ({ page }) => {
    await page.goto(paths.weeksUntilTarget.href('christmas'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('4 weeks and 5 days until Christmas');
    await expect(page.getByText('Friday, December 25, 2026')).toBeVisible();
  });

  test('the day after Thanksgiving, the preset moves to next year\'s fourth Thursday', async ({ page }) => {
    await setNow(page, '2026-11-27T09:00:00-05:00');
    await page.goto(paths.weeksUntilTarget.href('thanksgiving'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('51 weeks and 6 days until Thanksgiving');
    await expect(page.getByText('Thursday, November 25, 2027')).toBeVisible();
  });

  test('two days before Thanksgiving the answer is in days only, with no zero weeks', async ({ page }) => {
    await setNow(page, '2026-11-24T09:00:00-05:00');
    await page.goto(paths.weeksUntilTarget.href('thanksgiving'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('2 days until Thanksgiving');
    await expect(page).toHaveTitle(/^2 days until Thanksgiving/);
  });

  test('a whole number of weeks and one week and a day read without a zero part', async ({ page }) => {
    await page.goto(paths.weeksUntilTarget.href('2026-12-13'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('3 weeks until Sunday, December 13, 2026');
    await page.goto(paths.weeksUntilTarget.href('2026-11-30'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('1 week and 1 day until Monday, November 30, 2026');
  });

  test('the entry form starts on the next Christmas and DONE opens the result for the chosen date', async ({ page }) => {
    await page.goto(paths.weeksUntil.href());
    const field = page.locator('input[type="date"]');
    await expect(field).toHaveValue('2026-12-25');
    await field.fill('2027-03-01');
    await page.getByRole('button', { name: /done/i }).click();
    await expect(page).toHaveURL(paths.weeksUntilTarget.href('2027-03-01'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('14 weeks and 1 day until Monday, March 1, 2027');
  });

  test('a preset link from the entry page opens its result', async ({ page }) => {
    await page.goto(paths.weeksUntil.href());
    await page.getByRole('link', { name: 'End of the year' }).click();
    await expect(page).toHaveURL(paths.weeksUntilTarget.href('endofyear'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^5 weeks and 4 days until the end of the year$/i);
  });

  test('an impossible date in the address says so and offers the form, with no NaN anywhere', async ({ page }) => {
    await page.goto(paths.weeksUntilTarget.href('2026-02-30'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("That day isn't on the calendar");
    await expect(page.locator('input[type="date"]')).toBeVisible();
    await expect(page.locator('body')).not.toContainText('NaN');
  });

  test('a date in the past says it has passed and offers the form', async ({ page }) => {
    await page.goto(paths.weeksUntilTarget.href('2026-01-01'));
    await expect(page.locator('input[type="date"]')).toBeVisible();
    await expect(page.locator('body')).not.toContainText('NaN');
    await expect(page.locator('body')).toContainText(/ago|passed/i);
  });

  test('Copy Link puts the page address on the clipboard and confirms it', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(paths.weeksUntilTarget.href('christmas'));
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${baseURL ?? ''}${paths.weeksUntilTarget.href('christmas')}`);
  });
});

test.describe('days until', () => {
  test('tomorrow is one day away', async ({ page }) => {
    await setNow(page, SUNDAY_MORNING);
    await page.goto(paths.daysUntilTarget.href('2026-11-23'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('1 day until Monday, November 23, 2026');
  });

  test('counts from the calendar day in the person\'s own time zone, not UTC', async ({ page }) => {
    // 02:00 UTC on the 22nd is still the evening of the 21st in New York.
    await setNow(page, '2026-11-22T02:00:00Z');
    await page.goto(paths.daysUntilTarget.href('2026-11-23'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('2 days until Monday, November 23, 2026');
  });

  test('a number of days from today, with digit grouping for large counts', async ({ page }) => {
    await setNow(page, SUNDAY_MORNING);
    await page.goto(paths.daysUntilTarget.href('2031-11-22'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('1,826 days until Saturday, November 22, 2031');
  });
});

test.describe('the calculators\' navigation', () => {
  /** The names and targets of the header's visible links, in order. */
  async function headerLinks(page: Page): Promise<string[]> {
    const links = page.getByRole('banner').getByRole('link');
    return links.evaluateAll((found) => found.map((link) => `${link.textContent.trim()} → ${link.getAttribute('href') ?? ''}`));
  }

  test('the phone menu offers the same destinations as the desktop bar', async ({ page }) => {
    await setNow(page, SUNDAY_MORNING);
    await page.goto(paths.weeksUntilTarget.href('christmas'));
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Days until' })).toBeVisible();
    const desktop = await headerLinks(page);
    expect(desktop).toEqual([
      `Memento → ${paths.home.href()}`,
      `Weeks until → ${paths.weeksUntil.href()}`,
      `Days until → ${paths.daysUntil.href()}`,
      `Tools → ${paths.tools.href()}`,
      `Log in → ${paths.signup.href()}`,
      `Sign up → ${paths.signup.href()}`,
    ]);

    await page.setViewportSize({ width: 360, height: 780 });
    await expect(banner.getByRole('link', { name: 'Days until' })).toBeHidden();
    await banner.getByRole('button', { name: 'Menu' }).click();
    await expect(banner.getByRole('link', { name: 'Days until' })).toBeVisible();
    expect(await headerLinks(page)).toEqual(desktop);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await banner.getByRole('link', { name: 'Days until' }).click();
    await expect(page).toHaveURL(paths.daysUntil.href());
    await expect(banner.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
