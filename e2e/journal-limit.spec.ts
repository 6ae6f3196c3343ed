import { randomUUID } from 'node:crypto';
import { JOURNAL_TEXT_MAX } from '#core/schemas/records';
import { expect, setNow, test } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';
import { SignInPage } from './pages/sign-in-page';

const NOW = '2026-11-22T10:00:00-05:00';

test('a gratitude field states its limit near it, stops at it, and refuses a paste that would not fit', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await setNow(page, NOW);
  const dashboard = new DashboardPage(page);
  await new SignInPage(page).open();
  await new SignInPage(page).signInLocally(`e2e-limit-${randomUUID()}@example.test`, 'Ada');
  await dashboard.openGratitude();

  const one = dashboard.field('One');
  await expect(one).toHaveAttribute('maxlength', String(JOURNAL_TEXT_MAX));
  await expect(page.getByText('/ 20,000')).toHaveCount(0);

  // Near the limit a counter says how much is used; typing stops at the limit, which it says.
  await one.fill('a'.repeat(JOURNAL_TEXT_MAX - 10));
  await expect(page.getByText('19,990 / 20,000')).toBeVisible();
  await one.press('End');
  await page.keyboard.type('bcdefghijklmnop');
  await expect(one).toHaveValue(`${'a'.repeat(JOURNAL_TEXT_MAX - 10)}bcdefghijk`);
  await expect(page.getByText('20,000 / 20,000')).toBeVisible();
  // The counter and the message are what a screen reader hears after the field's name.
  await expect(one).toHaveAccessibleDescription(
    /20,000 \/ 20,000 characters This entry is full: 20,000 characters is the most one entry can hold\.$/,
  );

  // A paste too long for the room left is refused whole, and the field says so.
  const two = dashboard.field('Two');
  const start = 'b'.repeat(JOURNAL_TEXT_MAX - 5);
  await two.fill(start);
  await dashboard.pasteInto('Two', 'A long paste that would not fit.');
  await expect(two).toHaveAccessibleDescription(
    /Nothing was added: that text has 32 characters and this entry has room for 5 more \(at most 20,000 characters\)\. Shorten it and try again\.$/,
  );
  await expect(page.getByRole('status').filter({ hasText: 'Nothing was added' })).toBeVisible();
  await expect(two).toHaveValue(start);
  // One that fits goes in.
  await dashboard.pasteInto('Two', 'Fits.');
  await expect(two).toHaveValue(`${start}Fits.`);

  // Both full texts were saved as typed (Done returns once the day is saved; a reload right after a
  // blur could come before the save's transaction commits).
  await dashboard.done();
  await page.reload();
  await dashboard.openGratitude();
  await expect(dashboard.field('One')).toHaveValue(`${'a'.repeat(JOURNAL_TEXT_MAX - 10)}bcdefghijk`);
  await expect(dashboard.field('Two')).toHaveValue(`${start}Fits.`);
});
