import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
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
  const chart = page.getByRole('group', { name: 'Your life in weeks' });
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart has no box');
  // hover() scrolls the point into view first: the chart is taller than the window.
  await chart.hover({ position: { x: 2, y: 2 } });
  await expect(page.getByText(/^Year 0, week 0\b/)).toBeVisible();
  await chart.hover({ position: { x: box.width - 2, y: box.height - 2 } });
  await expect(page.getByText(/^Year 90, week 51\b/)).toBeVisible();
});

/** Reads the painted colour of lived, this, next, last and milestone weeks from a screenshot of the chart. */
async function expectPaintedWeeks(page: Page): Promise<void> {
  const lived = weeksLived('1990-01-31');
  const jobsphone = 2706;
  const chart = page.getByRole('group', { name: 'Your life in weeks' });
  // The page comes written from the server with its weeks hidden until the app has placed them
  // (it starts after the first paint): read the colours once the app has taken the page over.
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart has no box');
  const png = (await chart.screenshot({ animations: 'disabled' })).toString('base64');
  const weeks = { firstWeek: 0, lastLived: lived - 1, thisWeek: lived, nextWeek: lived + 1, lastWeek: 4731, jobsphone };
  const pitch = box.width / 52;
  // Near the middle of each week's square (the gap is after it), in screenshot pixels.
  const points = Object.fromEntries(
    Object.entries(weeks).map(([name, week]) => [name, { x: ((week % 52) + 0.4) * pitch, y: (Math.floor(week / 52) + 0.4) * pitch }]),
  );
  const { pixels, palette } = await page.evaluate(
    async ({ png, points, width }) => {
      // Decoded here, not fetched: the page's content security policy allows no data: URLs.
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const scale = image.width / width;
      const canvas = new OffscreenCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(image, 0, 0);
      const rgb = (x: number, y: number) => [...ctx.getImageData(Math.floor(x), Math.floor(y), 1, 1).data.slice(0, 3)];
      const pixels = Object.fromEntries(Object.entries(points).map(([name, p]) => [name, rgb(p.x * scale, p.y * scale)]));
      // The palette as the page resolves it, turned into RGB by painting it.
      const style = getComputedStyle(document.querySelector('[role="group"][aria-label="Your life in weeks"]') ?? document.body);
      const palette = Object.fromEntries(
        ['--life-lived', '--life-future', '--life-current', '--life-milestone'].map((name) => {
          ctx.fillStyle = style.getPropertyValue(name).trim();
          ctx.fillRect(0, 0, 1, 1);
          return [name, rgb(0, 0)];
        }),
      );
      return { pixels, palette };
    },
    { png, points, width: box.width },
  );
  const near = (actual: number[] | undefined, expected: number[] | undefined) =>
    actual !== undefined && expected !== undefined && actual.every((channel, i) => Math.abs(channel - (expected[i] ?? -99)) <= 8);
  const expected = {
    firstWeek: '--life-lived',
    lastLived: '--life-lived',
    thisWeek: '--life-current',
    nextWeek: '--life-future',
    lastWeek: '--life-future',
    jobsphone: '--life-milestone',
  } as const;
  for (const [name, colour] of Object.entries(expected)) {
    expect(near(pixels[name], palette[colour]), `${name} is painted ${colour}: ${JSON.stringify(pixels[name])} vs ${JSON.stringify(palette[colour])}`).toBe(true);
  }
}

test('the grid paints each week as lived, this week, not lived yet or a milestone', async ({ page }) => {
  await page.goto(paths.dieChart.href('1990-01-31'));
  await expectPaintedWeeks(page);
});

/**
 * A screenshot of `locator` once the page has settled: taken again until two in a row are the
 * same (scrolling into view, the hover label leaving, late styles), as toHaveScreenshot does.
 */
async function settledScreenshot(locator: Locator): Promise<Buffer> {
  let previous = await locator.screenshot({ animations: 'disabled' });
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const next = await locator.screenshot({ animations: 'disabled' });
    if (next.equals(previous)) return next;
    previous = next;
  }
  throw new Error('the screenshot never settled');
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('every milestone and this week takes a tap 10 px off its week, and the weeks look the same', async ({ page }) => {
    await page.goto(paths.dieChart.href('1990-01-31'));
    const chart = page.getByRole('group', { name: 'Your life in weeks' });
    // The milestones are drawn with the chart: wait for all 18 before listing them (`all()` does not wait),
    // and for the app to have placed them on their weeks (the written page has them, hidden, before).
    await expect(chart.getByRole('button')).toHaveCount(18);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    const targets = [...(await chart.getByRole('button').all()), chart.getByRole('img', { name: /^This week/ })];
    expect(targets).toHaveLength(19);
    for (const target of targets) {
      const { size, area, taps } = await target.evaluate((element) => {
        // At once: the page scrolls smoothly, and a week measured mid-scroll is not where it ends up.
        element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
        const centre = (e: Element) => {
          const box = e.getBoundingClientRect();
          return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
        };
        const own = centre(element);
        const offsets = [[-10, 0], [10, 0], [0, -10], [0, 10]] as const;
        const taps = offsets.map(([dx, dy]) => {
          const x = own.x + dx;
          const y = own.y + dy;
          const hit = document.elementFromPoint(x, y)?.closest('[data-week]');
          if (!hit) return 'missed';
          if (hit === element) return 'this week';
          // Where two tap areas meet, the tap goes to the week nearer to it.
          const other = centre(hit);
          return Math.hypot(other.x - x, other.y - y) < Math.hypot(dx, dy) ? 'a nearer week' : `week ${hit.getAttribute('data-week') ?? ''}, farther away`;
        });
        const tapArea = getComputedStyle(element, '::after');
        return { size: element.getBoundingClientRect().width, area: [parseFloat(tapArea.width), parseFloat(tapArea.height)], taps };
      });
      const name = (await target.getAttribute('aria-label')) ?? '';
      // The week itself is still a few pixels: only the area that takes the tap grew.
      expect(size, name).toBeLessThan(8);
      expect(taps.every((tap) => tap === 'this week' || tap === 'a nearer week'), `${name}: ${taps.join(', ')}`).toBe(true);
      expect(taps.filter((tap) => tap === 'this week').length, name).toBeGreaterThanOrEqual(3);
      // A week with no other tappable week close by takes taps in a full 24 x 24 px square.
      if (taps.every((tap) => tap === 'this week')) expect(Math.min(...area), name).toBeGreaterThanOrEqual(24);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The tap areas paint nothing: the chart looks the same without them, pixel for pixel.
    // The notice that the app now works offline lies over the chart for a few seconds once the
    // service worker is in; on a busy machine it came between the two pictures. Let it come and
    // dismiss it first.
    await waitForServiceWorker(page);
    const offlineReady = page.getByRole('button', { name: /ready to work offline/ });
    await offlineReady.click();
    await expect(offlineReady).toBeHidden();
    await page.mouse.move(0, 0);
    const withTapAreas = await settledScreenshot(chart);
    await page.evaluate(() => {
      // Through the CSSOM: the content security policy allows no inline style elements.
      const sheet = [...document.styleSheets].find((s) => !s.href || s.href.startsWith(location.origin));
      sheet?.insertRule('[data-week]::after { display: none !important; }', sheet.cssRules.length);
    });
    expect(await targets[0]?.evaluate((element) => getComputedStyle(element, '::after').display)).toBe('none');
    const withoutTapAreas = await settledScreenshot(chart);
    expect(withTapAreas.equals(withoutTapAreas)).toBe(true);
  });

  test('a tap next to a milestone opens it', async ({ page }) => {
    await page.goto(paths.dieChart.href('1990-01-31'));
    const cell = page.getByRole('button', { name: /^Steve Jobs, year 52\b/ });
    await cell.scrollIntoViewIfNeeded();
    const box = await cell.boundingBox();
    if (!box) throw new Error('the milestone has no box');
    await page.mouse.click(box.x + box.width / 2 + 10, box.y + box.height / 2);
    await expect(page).toHaveURL(paths.dieMilestone.href('1990-01-31', 'jobsphone'));
    await expect(page.getByRole('dialog', { name: 'Steve Jobs' })).toBeVisible();
  });
});

test('the chart is shared by its address: Copy Link says Copied, and a post on X carries it', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(paths.dieChart.href('1990-01-31'));
  const address = new URL(paths.dieChart.href('1990-01-31'), baseURL).href;
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  const post = new URL((await page.getByRole('link', { name: /^Post on X/ }).getAttribute('href')) ?? '');
  expect(post.searchParams.get('url')).toBe(address);
  expect(post.searchParams.get('text')).toMatch(/life in weeks/);
});

test('a milestone opens by click with its own URL and closes back to the chart', async ({ page }) => {
  await page.goto(paths.dieChart.href('1990-01-31'));
  const cell = page.getByRole('button', { name: /^Steve Jobs, year 52\b/ });
  await cell.click();
  await expect(page).toHaveURL(paths.dieMilestone.href('1990-01-31', 'jobsphone'));
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Week of their life');
  await expect(dialog).toContainText('2,706');
  await expect(dialog).toContainText('Age that week');
  await expect(dialog).toContainText('Accomplishment');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(paths.dieChart.href('1990-01-31'));
  await expect(cell).toBeFocused();
});

test('a milestone opens from the keyboard and Escape or Back closes it', async ({ page }) => {
  await page.goto(paths.dieChart.href('1990-01-31'));
  const cell = page.getByRole('button', { name: /^Steve Jobs, year 52\b/ });
  await cell.focus();
  // Where focus is when the dialog first lands in the page: a key pressed at once goes there.
  await page.evaluate(() => {
    const seen: boolean[] = [];
    new MutationObserver((_records, observer) => {
      const shown = document.querySelector('[role="dialog"]');
      if (shown === null) return;
      seen.push(shown.contains(document.activeElement));
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
    Object.assign(window, { __focusInDialogWhenShown: seen });
  });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __focusInDialogWhenShown: boolean[] }).__focusInDialogWhenShown)).toEqual([true]);
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
  // Three pages through axe: 25 s on a busy CI machine, 30.4-30.7 s on the slowest (its limit).
  test.slow();
  for (const url of [paths.die.href(), paths.dieChart.href('1990-01-31'), paths.dieMilestone.href('1990-01-31', 'jobsphone')]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const severe = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(severe.map((violation) => `${url}: ${violation.id}`)).toEqual([]);
  }
});
