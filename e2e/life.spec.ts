import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, paths, setNow, test, waitForServiceWorker } from './fixtures';

// Sunday 22 November 2026, mid-morning in New York.
const NOW = '2026-11-22T10:00:00-05:00';
const MS_PER_DAY = 86_400_000;

/** The rule, written independently of the app: whole weeks from the birthday to today. */
function weeksLived(birthday: string, today = '2026-11-22'): number {
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${birthday}T00:00:00Z`)) / MS_PER_DAY;
  return Math.floor(days / 7);
}

const grouped = (value: number): string => value.toLocaleString('en-US');

async function enterBirthday(page: Page, month: string, day: string, year: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Year' }).selectOption(year);
  await page.getByRole('combobox', { name: 'Month' }).selectOption({ label: month });
  await page.getByRole('combobox', { name: 'Day' }).selectOption(day);
  await page.getByRole('button', { name: 'DONE' }).click();
}

async function expectStats(page: Page, lived: number): Promise<void> {
  const stat = (term: string) => page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(stat('Weeks lived')).toHaveText(grouped(lived));
  await expect(stat('Weeks left')).toHaveText(grouped(4732 - lived));
  await expect(stat('You are on week')).toHaveText(grouped(lived + 1));
}

test.beforeEach(async ({ page }) => {
  await setNow(page, NOW);
});

test('a January birthday: DONE shows the chart with the weeks the rule gives', async ({ page }) => {
  await page.goto(paths.die.href());
  await expect(page.getByRole('heading', { name: 'How many weeks until you die?' })).toBeVisible();
  await enterBirthday(page, 'January', '31', '1990');
  await expect(page).toHaveURL(paths.dieChart.href('1990-01-31'));
  await expectStats(page, weeksLived('1990-01-31'));
});

test('a December birthday maps to December, not to the month after', async ({ page }) => {
  await page.goto(paths.life.href());
  await enterBirthday(page, 'December', '31', '1999');
  await expect(page).toHaveURL(paths.dieChart.href('1999-12-31'));
  await expectStats(page, weeksLived('1999-12-31'));
});

test('the day list follows the month and year: 29 February only in leap years', async ({ page }) => {
  await page.goto(paths.die.href());
  const day = page.getByRole('combobox', { name: 'Day' });
  await page.getByRole('combobox', { name: 'Year' }).selectOption('2023');
  await page.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'February' });
  await expect(day.locator('option')).toHaveCount(28);
  await page.getByRole('combobox', { name: 'Year' }).selectOption('2024');
  await expect(day.locator('option')).toHaveCount(29);
});

test('the 28-year-old link fills a birthday 28 years back and shows its chart at once', async ({ page }) => {
  await page.goto(paths.life.href());
  await page.getByRole('link', { name: 'Or, use the birthday of a 28-year old' }).or(
    page.getByRole('button', { name: 'Or, use the birthday of a 28-year old' }),
  ).click();
  await expect(page).toHaveURL(paths.dieChart.href('1998-11-22'));
  await expectStats(page, weeksLived('1998-11-22'));
});

test('hovering the chart names the year and week under the pointer', async ({ page }) => {
  await page.goto(paths.dieChart.href('1990-01-31'));
  const canvas = page.getByRole('group', { name: 'Your life in weeks' }).locator('canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the chart has no box');
  // hover() scrolls the point into view first: the chart is taller than the window.
  await canvas.hover({ position: { x: 2, y: 2 } });
  await expect(page.getByText(/^Year 1, week 1\b/)).toBeVisible();
  await canvas.hover({ position: { x: box.width - 2, y: box.height - 2 } });
  await expect(page.getByText(/^Year 91, week 52\b/)).toBeVisible();
});

test('a milestone opens by click with its own URL and closes back to the chart', async ({ page }) => {
  await page.goto(paths.dieChart.href('1990-01-31'));
  const cell = page.getByRole('button', { name: /^Steve Jobs, year 53\b/ });
  await cell.click();
  await expect(page).toHaveURL(paths.dieMilestone.href('1990-01-31', 'jobsphone'));
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Week of their life');
  await expect(dialog).toContainText('2,707');
  await expect(dialog).toContainText('Age that week');
  await expect(dialog).toContainText('Accomplishment');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(paths.dieChart.href('1990-01-31'));
  await expect(cell).toBeFocused();
});

test('a milestone opens from the keyboard and Escape or Back closes it', async ({ page }) => {
  await page.goto(paths.dieChart.href('1990-01-31'));
  const cell = page.getByRole('button', { name: /^Steve Jobs, year 53\b/ });
  await cell.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cell).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(paths.dieChart.href('1990-01-31'));
});

test('a shared milestone URL opens the overlay directly; an unknown one says so', async ({ page }) => {
  await page.goto(paths.dieMilestone.href('1990-01-31', 'jobsphone'));
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goto(paths.dieMilestone.href('1990-01-31', 'nobody'));
  await expect(page.getByRole('alert')).toContainText("We don't know a milestone called");
});

test('the chart reloads offline after one visit', async ({ page, context }) => {
  await page.goto(paths.dieChart.href('1990-01-31'));
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Your life in weeks' })).toBeVisible();
  await expectStats(page, weeksLived('1990-01-31'));
});

test('the entry, chart and overlay have no serious or critical accessibility violations', async ({ page }) => {
  for (const url of [paths.die.href(), paths.dieChart.href('1990-01-31'), paths.dieMilestone.href('1990-01-31', 'jobsphone')]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const severe = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(severe.map((violation) => `${url}: ${violation.id}`)).toEqual([]);
  }
});
