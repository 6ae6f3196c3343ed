import { expect, test } from '@playwright/test';

// What a search engine or a slow phone gets before any script runs: the page's own words.
test.use({ javaScriptEnabled: false });

test('a date page’s HTML carries its title, description and answer before any script runs', async ({ page }) => {
  await page.goto('/weeksuntil/christmas');
  await expect(page).toHaveTitle(/ until Christmas · Memento$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', / from today\. Count the weeks until any day/);
  await expect(page.getByRole('heading', { level: 1, name: / until Christmas$/ })).toBeVisible();
});

test('a life chart’s HTML carries its title before any script runs', async ({ page }) => {
  await page.goto('/die/1990-06-15');
  await expect(page).toHaveTitle('Your life in weeks · Memento');
  await expect(page.getByRole('heading', { level: 1, name: 'Your life in weeks' })).toBeVisible();
});

test('an address the app cannot read gets the plain shell, for the app to explain', async ({ page }) => {
  await page.goto('/daysuntil/2026-02-30');
  await expect(page).toHaveTitle(/^Memento · /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
});
