import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, paths, setNow, test, waitForServiceWorker } from './fixtures';
import { BirthdayEntry } from './pages/birthday-entry';
import { forgiveFaviconFailures, watchFailedRequests } from './pages/offline-favicon';
import { DashboardPage } from './pages/dashboard-page';
import { SignInPage } from './pages/sign-in-page';

// Sunday 22 November 2026, mid-morning in New York (the config's zone).
const NOW = '2026-11-22T10:00:00-05:00';
const someone = () => `e2e-dash-${randomUUID()}@example.test`;
const THREE = ['The first snow', 'A call with Grandma', 'Finishing the puzzle'] as const;

test('a whole day: weeks left (birthday the first time), three gratitude items, the calendar, export, log out', async ({ page }) => {
  // The longest flow of the suite: about 30 s on two busy cores, the default limit.
  test.slow();
  await setNow(page, NOW);
  const dashboard = new DashboardPage(page);
  await new SignInPage(page).open();
  await new SignInPage(page).signInLocally(someone(), 'Ada');
  await expect(page).toHaveURL(paths.dashboard.href());
  await expect(page.getByRole('heading', { level: 1, name: 'Sunday, November 22, 2026' })).toBeVisible();
  expect(await dashboard.severeViolations('dashboard')).toEqual([]);

  // Weeks left: the first time asks for the birthday, which the profile then keeps.
  await expect(dashboard.activityButton('Weeks Left to Live')).toHaveText(/Start Exercise/);
  await dashboard.activityButton('Weeks Left to Live').click();
  await expect(page).toHaveURL(paths.mortality.href());
  await new BirthdayEntry(page).enter('May', '17', '1990');
  await expect(page).toHaveURL(paths.mortalityResult.href('1990-05-17'));
  await page.getByRole('link', { name: 'Back to Activities' }).click();
  await expect(dashboard.activityButton('Weeks Left to Live')).toHaveText(/View Again/);
  await dashboard.activityButton('Weeks Left to Live').click();
  await expect(page).toHaveURL(paths.mortalityResult.href('1990-05-17'));
  await page.getByRole('link', { name: 'Back to Activities' }).click();
  await expect(page).toHaveURL(paths.dashboard.href());

  // Gratitude: three items, Done, the card and the calendar say so.
  await dashboard.openGratitude();
  expect(await dashboard.severeViolations('gratitude')).toEqual([]);
  await expect(page.getByRole('button', { name: 'Previous entries' })).toBeDisabled();
  await dashboard.writeGratitude(THREE);
  await dashboard.done();
  await expect(dashboard.activityButton('Gratitude Journal')).toHaveText(/Edit Log/);
  await expect(dashboard.calendarCell('Sunday, November 22: done, today')).toBeVisible();
  await expect(page.getByText('Current streak')).toBeVisible();

  // Back returns to the gratitude view: each view has its own address.
  await page.goBack();
  await expect(dashboard.field('One')).toHaveValue(THREE[0]);
  await page.reload();
  await expect(dashboard.field('Three')).toHaveValue(THREE[2]);

  await dashboard.openAccount();
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  expect(await dashboard.severeViolations('account')).toEqual([]);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as JSON' }).click();
  const file = await (await download).path();
  const exported = await readFile(file, 'utf8');
  for (const text of THREE) expect(exported).toContain(text);
  expect(exported).toContain('"date": "2026-11-22"');

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(paths.home.href());
});

test('free accounts see the upgrade prompts; Upgrade now opens the checkout, and its Cancel comes back with nothing charged', async ({ page }) => {
  await setNow(page, NOW);
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(someone());
  await expect(page.getByRole('button', { name: 'Upgrade now' })).toHaveCount(2);
  await page.getByRole('button', { name: 'Upgrade now' }).first().click();
  await expect(page).toHaveURL(/\/local-stripe\/checkout\/cs_/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(paths.dashboard.href());
  await expect(page.getByRole('button', { name: 'Upgrade now' })).toHaveCount(2);
});

test('the same day offline: written, done and still there after an offline reload', async ({ page, context, pageProblems }) => {
  await setNow(page, NOW);
  const failed = watchFailedRequests(page);
  const dashboard = new DashboardPage(page);
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(someone());
  await expect(page.getByRole('heading', { name: "Today's Activities" })).toBeVisible();
  await waitForServiceWorker(page);
  await context.setOffline(true);

  await dashboard.activityButton('Weeks Left to Live').click();
  await new BirthdayEntry(page).enter('January', '2', '1985');
  await expect(page).toHaveURL(paths.mortalityResult.href('1985-01-02'));
  await page.getByRole('link', { name: 'Back to Activities' }).click();
  await dashboard.openGratitude();
  await expect(page.getByText('Earlier versions from other devices are unavailable offline.')).toBeVisible();
  await dashboard.writeGratitude(THREE);
  await dashboard.done();
  await expect(dashboard.activityButton('Gratitude Journal')).toHaveText(/Edit Log/);
  await expect(dashboard.activityButton('Weeks Left to Live')).toHaveText(/View Again/);

  await page.reload();
  await expect(dashboard.calendarCell('Sunday, November 22: done, today')).toBeVisible();
  await expect(dashboard.syncStatus()).toHaveText('Offline — will sync');
  await dashboard.openGratitude();
  await expect(dashboard.field('Two')).toHaveValue(THREE[1]);
  forgiveFaviconFailures(failed, pageProblems);
});

test('words the device could not store are kept when the journal is left, and come back and are stored after a reload', async ({ page }) => {
  await setNow(page, NOW);
  const dashboard = new DashboardPage(page);
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(someone());
  await dashboard.openGratitude();
  // IndexedDB refuses the journal's text writes on this page (a full disk, say).
  await dashboard.refuseFirstTextWrites();
  await dashboard.field('One').fill('The first snow');
  await expect(page.getByRole('alert')).toBeVisible();
  await dashboard.openAccount();

  // A new page: IndexedDB takes writes again.
  await page.goto(paths.dashboard.href());
  await dashboard.openGratitude();
  await expect(dashboard.field('One')).toHaveValue('The first snow');
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('memento.unsaved-journal.')))).toEqual([]);
  await dashboard.done();
  await expect(dashboard.activityButton('Gratitude Journal')).toHaveText(/Edit Log/);
  await page.reload();
  await dashboard.openGratitude();
  await expect(dashboard.field('One')).toHaveValue('The first snow');
});

test('previous entries: back through the days and right again to today', async ({ page }) => {
  await setNow(page, '2026-11-20T09:00:00-05:00');
  const dashboard = new DashboardPage(page);
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(someone());
  await dashboard.openGratitude();
  await dashboard.writeGratitude(['Friday one', 'Friday two', 'Friday three']);
  await dashboard.done();

  await setNow(page, '2026-11-21T09:00:00-05:00');
  await page.reload();
  await dashboard.openGratitude();
  await dashboard.writeGratitude(['Saturday one', '', '']);
  await dashboard.done();

  await setNow(page, NOW);
  await page.reload();
  await dashboard.openGratitude();
  await page.getByRole('button', { name: 'Previous entries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saturday, November 21, 2026' })).toBeVisible();
  await expect(page.getByText('Saturday one')).toBeVisible();
  expect(await dashboard.severeViolations('previous')).toEqual([]);
  await page.getByRole('button', { name: 'Earlier entry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Friday, November 20, 2026' })).toBeVisible();
  await expect(page.getByText('Friday three')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Earlier entry' })).toBeDisabled();
  await page.getByRole('button', { name: 'Later entry' }).click();
  await page.getByRole('button', { name: "Today's entry" }).click();
  await expect(page.getByText('Log three items that you are grateful for today.')).toBeVisible();
});

test('on a phone the sidebar slides in: focus moves in, Escape closes it and focus returns', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await setNow(page, NOW);
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(someone(), 'Ada');
  const open = page.getByRole('button', { name: 'Open menu' });
  await open.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
  expect(await new DashboardPage(page).severeViolations('mobile menu')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();
  await open.click();
  await page.getByRole('link', { name: /Account Settings/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('on a phone the streak tiles keep numbers and labels level, whether or not a label wraps', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await setNow(page, NOW);
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(someone(), 'Ada');
  const streaks = page.getByRole('region', { name: 'Your streak' });
  await expect(streaks.getByRole('term')).toHaveText(['Current streak', 'Longest streak']);

  // Phone widths from 360 up: somewhere in this range one label wraps and the other does not.
  const unlevel: string[] = [];
  let oneLabelWrapped = false;
  for (let width = 360; width <= 430; width += 2) {
    await page.setViewportSize({ width, height: 780 });
    const tiles = await streaks.evaluate((section) =>
      [...section.querySelectorAll('dl > div')].map((tile) => {
        const label = tile.querySelector('dt')?.getBoundingClientRect();
        const number = tile.querySelector('dd')?.getBoundingClientRect();
        const lineHeight = Number.parseFloat(getComputedStyle(tile.querySelector('dt') ?? tile).lineHeight);
        return { labelTop: label?.top ?? NaN, numberTop: number?.top ?? NaN, labelLines: Math.round((label?.height ?? 0) / lineHeight) };
      }),
    );
    const [current, longest] = tiles;
    if (!current || !longest) throw new Error('two streak tiles expected');
    if (current.labelLines !== longest.labelLines) oneLabelWrapped = true;
    if (Math.abs(current.labelTop - longest.labelTop) > 0.5 || Math.abs(current.numberTop - longest.numberTop) > 0.5) {
      unlevel.push(`${width} px: ${JSON.stringify(tiles)}`);
    }
  }
  expect(unlevel, 'widths where the tiles do not line up').toEqual([]);
  expect(oneLabelWrapped, 'some width should wrap one label only, or this test checks nothing').toBe(true);
});

test('on a phone the dashboard header shows the brand, linking home', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await setNow(page, NOW);
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(someone(), 'Ada');
  const header = page.getByRole('banner');
  const brand = header.getByRole('link', { name: 'Memento' });
  await expect(brand).toBeVisible();
  await expect(brand).toHaveAttribute('href', paths.home.href());
  const mark = await brand.locator('svg').boundingBox();
  const menu = await header.getByRole('button', { name: 'Open menu' }).boundingBox();
  if (!mark || !menu) throw new Error('the mark and the menu button should both be laid out');
  expect(mark.width).toBeGreaterThanOrEqual(24);
  expect(mark.x).toBeGreaterThanOrEqual(menu.x + menu.width);
  expect(mark.x + mark.width).toBeLessThanOrEqual(360);
});
