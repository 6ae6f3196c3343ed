import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, setNow, test } from './fixtures';

/** Keeps the page's first heading as the HTML brought it, before any script could have run. */
async function rememberWrittenHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      Object.assign(window, { __writtenHeading: document.querySelector('h1') });
    });
  });
}

/** Whether that written heading is still the one on screen: taken over in place, not drawn again. */
function writtenHeadingOnScreen(page: Page): Promise<boolean | undefined> {
  return page.evaluate(() => (window as unknown as { __writtenHeading: Element | null }).__writtenHeading?.isConnected);
}

/**
 * Opens `path` and checks that the app takes the written page over in place: no policy violation,
 * no layout shift to speak of, the written heading still the one on screen, and the styles that
 * came inside the HTML not fetched again.
 */
async function expectTakenOverInPlace(page: Page, path: string): Promise<void> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  await rememberWrittenHeading(page);
  await page.goto(path);
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  // The written page cannot be pressed until the app's own render is in place; then it can.
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  // The route's stylesheets, as disabled links: announced in the HTML's held template, which the
  // boot script moves into the document after the first paint, so only read once the app runs.
  const inPage = await page.locator('link[rel="stylesheet"][disabled]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(await page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$')))).toBe(true);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '');
  // Taken over in place (hydrated), not drawn again: the written heading is the one on screen.
  expect(await writtenHeadingOnScreen(page)).toBe(true);
  const shift = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));
  expect(shift).toBeLessThan(0.02);
  expect(violations).toEqual([]);
  // Beyond the shell's own: the route's stylesheets came inside the HTML too, and are not fetched again.
  expect(inPage.filter((file) => !file?.startsWith('/assets/index-')).length).toBeGreaterThan(0);
  expect(stylesheets.filter((file) => inPage.includes(file))).toEqual([]);
}

/** An expert's page, made as its expert makes it (signed in, the page's form): its address. */
async function addExpert(request: APIRequestContext): Promise<string> {
  const signIn = await request.post('/api/auth/local', { data: { email: `e2e-written-${randomUUID()}@example.test` } });
  const { token } = (await signIn.json()) as { token: string };
  const siteName = `written${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;
  const added = await request.post('/api/addExpert', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      siteName,
      yourName: 'Ada </script> Lovelace',
      yourBio: 'I explain analytical engines, one note at a time.',
      theVerb: 'Tutor',
      helpList: ['Notes', 'Engines'],
      rate: 55,
    },
  });
  expect(added.status()).toBe(201);
  return `/ex/${siteName}`;
}

// What a search engine or a slow phone gets before any script runs: the page's own words.
test.use({ javaScriptEnabled: false });

test('a date page’s HTML carries the whole page, styled, before any script runs', async ({ page }) => {
  await page.goto('/weeksuntil/christmas');
  await expect(page).toHaveTitle(/ until Christmas · Memento$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', / from today\. Count the weeks until any day/);
  const heading = page.getByRole('heading', { level: 1, name: / until Christmas$/ });
  await expect(heading).toBeVisible();
  // The answer in large type, the link to share and the other days to count to, as the app shows them.
  const countSize = await heading.locator('span').first().evaluate((count) => Number.parseFloat(getComputedStyle(count).fontSize));
  expect(countSize).toBeGreaterThan(50);
  await expect(page.getByRole('textbox', { name: 'Share this page' })).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/weeksuntil\/christmas$/);
  await expect(page.getByRole('heading', { name: 'Count to another day' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Count in days instead' })).toBeVisible();
});

test('a life chart’s HTML carries the chart’s numbers before any script runs', async ({ page }) => {
  await page.goto('/die/1990-06-15');
  await expect(page).toHaveTitle('Your life in weeks · Memento');
  await expect(page.getByRole('heading', { level: 1, name: 'Your life in weeks' })).toBeVisible();
  await expect(page.getByText('Weeks lived')).toBeVisible();
  await expect(page.getByText(/You have lived [\d,]+ of 4,732 weeks/)).toBeAttached();
  // Where each week's mark goes is set by the app: until it runs, the marks are not shown on the wrong week.
  await expect(page.getByRole('button', { name: /^Steve Jobs, year 52, week 2/ })).toBeHidden();
});

test('an expert’s page comes written with the expert before any script runs', async ({ page, request }) => {
  await page.goto(await addExpert(request));
  await expect(page).toHaveTitle('Ada </script> Lovelace · Tutor · Memento');
  await expect(page.getByRole('heading', { level: 1, name: 'Hi, there! I\'m Ada </script> Lovelace' })).toBeVisible();
  await expect(page.getByText('I explain analytical engines, one note at a time.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText(['Notes', 'Engines']);
  await expect(page.getByText('Rate (hourly): $55.00')).toBeVisible();
});

test('an address the app cannot read gets the plain shell, for the app to explain', async ({ page }) => {
  await page.goto('/daysuntil/2026-02-30');
  await expect(page).toHaveTitle(/^Memento · /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
});

test('a public page’s HTML carries the whole page, styled, before any script runs', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Memento');
  await expect(page.getByRole('heading', { level: 1, name: /You’re going to die/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try the free life calendar' })).toBeVisible();
  // Styled by the route's own stylesheet, which came inside the HTML: the hero's heading is large.
  const headingSize = await page.getByRole('heading', { level: 1 }).evaluate((heading) => Number.parseFloat(getComputedStyle(heading).fontSize));
  expect(headingSize).toBeGreaterThan(30);

  await page.goto('/tools');
  await expect(page).toHaveTitle('Tools · Memento');
  await expect(page.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible();
  // Without the app there is nothing behind its controls: the written page cannot be pressed.
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
});

test('a page’s HTML names its chunks for the app, held back until the browser has painted it', async ({ request }) => {
  for (const path of ['/weeksuntil/christmas', '/tools', '/pay']) {
    const html = await (await request.get(path)).text();
    const held = /<template data-app-chunks>([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';
    // The app's entry and the page's own chunks are named in the HTML...
    expect(held, path).toMatch(/<link rel="modulepreload"[^>]*href="\/assets\/index-[\w-]+\.js" data-app-entry>/);
    expect(held.match(/rel="modulepreload"/g)?.length ?? 0, path).toBeGreaterThan(1);
    // ...but only inside the template, which the browser does not fetch from: nothing outside it
    // takes bandwidth or processor time from the first paint.
    const outside = html.replace(/<template data-app-chunks>[\s\S]*?<\/template>/, '');
    expect(outside, path).not.toMatch(/<link[^>]*rel="(?:modulepreload|preload)"|<script[^>]*\bsrc=/);
  }
});

test.describe('with scripts', () => {
  // The server writes a date page for its own day, in UTC: a device in that zone shows the same
  // day, so the written page is what stays on screen.
  test.use({ javaScriptEnabled: true, timezoneId: 'UTC' });

  // The build's pages, then the date pages the server writes for the day it is asked.
  for (const path of [
    '/',
    '/life',
    '/weeksuntil',
    '/daysuntil',
    '/mortality',
    '/tools',
    '/humansounds',
    '/hnrd',
    '/bestgame',
    '/somethingnew',
    '/weeksuntil/christmas',
    '/daysuntil/2030-01-01',
    '/die/1990-06-15',
  ]) {
    test(`${path}: the app takes over the written page in place, allowed by the page’s policy`, async ({ page }) => {
      await expectTakenOverInPlace(page, path);
    });
  }
  test('an expert’s page: the app takes it over in place, from the expert the HTML carries', async ({ page, request }) => {
    const path = await addExpert(request);
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/expert/page/')) asked.push(sent.url());
    });
    await expectTakenOverInPlace(page, path);
    await expect(page.getByText('Rate (hourly): $55.00')).toBeVisible();
    // The server read the expert for this page just now: the app does not ask for it again.
    expect(asked).toEqual([]);
  });
});

test.describe('with scripts, the chunks the HTML held back', () => {
  test.use({ javaScriptEnabled: true });

  test('all come into the document and are fetched once the app runs, React’s renderer as a chunk apart', async ({ page, request }) => {
    const path = '/humansounds';
    const html = await (await request.get(path)).text();
    const held = [...(/<template data-app-chunks>([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '').matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? '');
    const modules = held.filter((href) => href.endsWith('.js'));
    expect(modules.filter((href) => /^\/assets\/(?:index|react-dom)-[\w-]+\.js$/.test(href))).toHaveLength(2);
    expect(modules.length).toBeGreaterThan(2);
    const requested = new Set<string>();
    page.on('request', (sent) => requested.add(new URL(sent.url()).pathname));
    await page.goto(path);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    // The boot script adds them one task at a time: all of them, none left in the template.
    await expect.poll(() => page.locator('head link[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(expect.arrayContaining(held));
    await expect.poll(() => modules.filter((href) => !requested.has(href))).toEqual([]);
  });

  test('where React’s renderer cannot be fetched, the written page stays usable as a plain page', async ({ page, pageProblems }) => {
    await page.route(/\/assets\/react-dom-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/tools');
    // Not left inert with nothing behind it: its links are ordinary links, and they work.
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await page.getByRole('link', { name: 'Weeks until', exact: true }).click();
    await expect(page).toHaveURL(/\/weeksuntil$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    // Said in the console, once per page. Those and the browser's report of the blocked fetches
    // are expected; anything else stays for the fixture to fail on.
    expect(pageProblems.filter((problem) => problem.includes('The app could not start'))).toHaveLength(2);
    const expected = (problem: string) => problem.includes('The app could not start') || problem.includes('net::ERR_INTERNET_DISCONNECTED');
    pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((problem) => !expected(problem)));
  });
});

test.describe('with scripts, opened on a later day than the build', () => {
  test.use({ javaScriptEnabled: true });

  test('the app takes over the written page in place, then shows the device’s own year', async ({ page }) => {
    await setNow(page, '2031-03-05T10:00:00-05:00');
    await rememberWrittenHeading(page);
    await page.goto('/tools');
    const root = page.locator('#root');
    expect(await root.getAttribute('data-written-day')).not.toMatch(/^2031-/);
    await expect(root).not.toHaveAttribute('inert');
    // The footer's year was the build's in the HTML; the device's once the app runs.
    await expect(page.getByRole('contentinfo')).toContainText('2031');
    expect(await writtenHeadingOnScreen(page)).toBe(true);
  });
});

test.describe('with scripts, on a device whose day is not the server’s', () => {
  test.use({ javaScriptEnabled: true });

  test('the app takes over the written date page in place, then counts from the device’s own day', async ({ page }) => {
    await setNow(page, '2029-12-25T10:00:00-05:00');
    await rememberWrittenHeading(page);
    await page.goto('/daysuntil/2030-01-01');
    const root = page.locator('#root');
    // Written for the server's day, which is not the device's.
    expect(await root.getAttribute('data-written-day')).not.toBe('2029-12-25');
    await expect(root).not.toHaveAttribute('inert');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('7 days until Tuesday, January 1, 2030');
    expect(await writtenHeadingOnScreen(page)).toBe(true);
  });
});

test('the app shell’s stylesheet comes in the HTML, allowed by the page’s policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  const response = await page.goto('/weeksuntil/christmas');
  // No stylesheet request stands between the HTML and the first paint: the shell's link is disabled.
  await expect(page.locator('link[rel="stylesheet"]:not([disabled])')).toHaveCount(0);
  expect(await page.locator('style').count()).toBeGreaterThan(0);
  expect(response?.headers()['content-security-policy']).toMatch(/style-src 'self' 'sha256-[\w+/=]+'/);
  // The shell's rules are in force: the page's font is the app's, not the browser's default.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('system-ui');
  expect(violations).toEqual([]);
});
