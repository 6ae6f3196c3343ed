import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { HUMAN_SOUNDS, LIBRARY_ZIP_NAME, soundAudioHref, soundZipName } from '#core/human-sounds/catalogue';
import { expect, paths, test, waitForServiceWorker } from './fixtures';
import { HumanSoundsPages, refundPaymentOf } from './pages/human-sounds-pages';

/** A buyer address of this test's own, to find its receipt and its payment. */
const buyerEmail = (what: string) => `sounds-${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Drops the console's note of each expected refusal (Chromium logs every 4xx answer as an error). */
function expectRefusals(problems: string[], status: number): void {
  const refusals = problems.filter((problem) => problem.includes(`status of ${status} `));
  expect(refusals.length).toBeGreaterThan(0);
  problems.splice(0, problems.length, ...problems.filter((problem) => !refusals.includes(problem)));
}

test('buying the library: 4242 pays, the thank-you page downloads a zip of the ten MP3s, and Chromium decodes each', async ({ page }) => {
  const sounds = new HumanSoundsPages(page);
  await sounds.openCatalogue();
  await expect(sounds.soundNames()).toHaveText(HUMAN_SOUNDS.map((sound) => sound.name));
  await expect(sounds.downloadLibraryButtons()).toHaveCount(2);
  await sounds.downloadLibraryButtons().first().click();
  await expect(page).toHaveURL(paths.humanSoundsPay.href());
  await expect(page.getByText('Test mode: no money moves.', { exact: false })).toBeVisible();
  await sounds.fillIn(buyerEmail('buy'), '4242 4242 4242 4242');
  await sounds.confirmButton().click();

  await expect(page).toHaveURL(/\/humansounds\/thankyou\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await sounds.downloadLibraryLink().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(LIBRARY_ZIP_NAME);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files).sort()).toEqual(HUMAN_SOUNDS.map((sound, index) => soundZipName(sound, index)).sort());

  const encoded = Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes).toString('base64')] as const);
  const decoded = await page.evaluate(async (entries) => {
    const context = new AudioContext();
    const durations: Record<string, number> = {};
    for (const [name, base64] of entries) {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      durations[name] = (await context.decodeAudioData(bytes.buffer)).duration;
    }
    await context.close();
    return durations;
  }, encoded);
  for (const [name, seconds] of Object.entries(decoded)) expect(seconds, name).toBeGreaterThan(0.05);
});

test('the free preview video downloads as a WebM video, also once the service worker runs the page', async ({ page }) => {
  const sounds = new HumanSoundsPages(page);
  await sounds.openCatalogue();
  await waitForServiceWorker(page);
  await page.reload();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the free preview video' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('human-sounds-preview.webm');
  const bytes = await readFile(await download.path());
  // WebM is Matroska: its files begin with the EBML magic number, not with an HTML page.
  expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
});

test('a declined card says Error: and what to do, and the buttons come back', async ({ page }) => {
  const sounds = new HumanSoundsPages(page);
  await page.goto(paths.humanSoundsPay.href());
  await sounds.fillIn(buyerEmail('declined'), '4000 0000 0000 0002');
  await sounds.confirmButton().click();
  await expect(page.getByRole('alert')).toHaveText(/^Error: The card was declined\. No money was taken\. Try another card/);
  await expect(sounds.confirmButton()).toBeVisible();
  await expect(page).toHaveURL(paths.humanSoundsPay.href());
});

test('a card whose bank asks to confirm: once confirmed, the checkout goes on to the thank-you page', async ({ page }) => {
  const sounds = new HumanSoundsPages(page);
  await page.goto(paths.humanSoundsPay.href());
  await sounds.fillIn(buyerEmail('bank'), '4000 0025 0000 3155');
  const opening = page.waitForEvent('popup');
  await sounds.confirmButton().click();
  await expect(page.getByText('Waiting for your bank to confirm ...')).toBeVisible();
  const bank = await opening;
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  // The checkout asks the order until it is paid; the answer carries the download token.
  await expect(page).toHaveURL(/\/humansounds\/thankyou\/[A-Za-z0-9_-]{43}$/);
  await expect(sounds.downloadLibraryLink()).toBeVisible();
});

test('a link without a valid token is refused with what to do next', async ({ page, pageProblems }) => {
  await page.goto(paths.humanSoundsThankYou.href('A'.repeat(43)));
  await expect(page.getByRole('heading', { level: 1, name: 'This download link does not work' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'hello@memento.app' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download Library' })).toHaveCount(0);
  expectRefusals(pageProblems, 404);

  await page.goto(paths.humanSoundsThankYou.href('cut-short'));
  await expect(page.getByRole('heading', { level: 1, name: 'This download link does not work' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Human Sounds' }).click();
  await expect(page).toHaveURL(paths.humanSounds.href());
});

test('after a refund the link says the purchase was refunded, and the zip is refused', async ({ page, request, pageProblems }) => {
  const sounds = new HumanSoundsPages(page);
  const email = buyerEmail('refund');
  const token = await sounds.buy(email);
  await expect(sounds.downloadLibraryLink()).toBeVisible();
  const zipHref = await sounds.downloadLibraryLink().getAttribute('href');

  await refundPaymentOf(request, email);
  // The refund reaches the product by webhook: ask again until the page says so.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'This purchase was refunded' })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByText(/its download has ended/)).toBeVisible();
  expect((await request.get(zipHref ?? '')).status()).toBe(410);
  expect(new URL(page.url()).pathname).toBe(paths.humanSoundsThankYou.href(token));
  expectRefusals(pageProblems, 410);
});

test('the receipt in the mailbox carries the download link, and it opens the thank-you page', async ({ page }) => {
  const sounds = new HumanSoundsPages(page);
  const email = buyerEmail('receipt');
  await sounds.buy(email);
  await page.goto(paths.mailbox.href());
  const receipt = page.getByRole('listitem').filter({ hasText: email }).filter({ hasText: 'Your receipt: Human Sounds UX library ($5)' });
  // The receipt is written when the payment's webhook arrives: refresh until it is there.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(receipt).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const link = receipt.getByRole('link', { name: /\/humansounds\/thankyou\// });
  const href = (await link.getAttribute('href')) ?? '';
  expect(new URL(href).pathname).toMatch(/^\/humansounds\/thankyou\/[A-Za-z0-9_-]{43}$/);
  // The receipt names the server's public address; the test opens the same path where it runs.
  await page.goto(new URL(href).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(sounds.downloadLibraryLink()).toBeVisible();
});

test('offline after one visit: the catalogue opens, a sound plays from the cache, and paying says a connection is needed', async ({
  page,
  context,
}) => {
  const sounds = new HumanSoundsPages(page);
  await sounds.openCatalogue();
  await expect(page.getByRole('region', { name: 'Raised for charity' }).getByText('Going to charity')).toBeVisible();
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();

  await expect(sounds.catalogueHeading()).toBeVisible();
  await expect(sounds.soundNames()).toHaveCount(HUMAN_SOUNDS.length);
  await expect(page.getByText(/^You are offline: these are the last figures this device saw, from /)).toBeVisible();
  const pictures = page.getByRole('region', { name: 'The sounds' }).locator('img');
  await expect(pictures).toHaveCount(HUMAN_SOUNDS.length);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  }

  // The way Chromium asks for audio: a range, answered from the service worker's precache.
  const pop = soundAudioHref('pop');
  const ranged = await page.evaluate(async (href) => {
    const response = await fetch(href, { headers: { Range: 'bytes=0-99' } });
    return { status: response.status, length: (await response.arrayBuffer()).byteLength };
  }, pop);
  expect(ranged).toEqual({ status: 206, length: 100 });

  const audio = page.locator(`audio[src="${pop}"]`);
  const started = audio.evaluate((element: HTMLAudioElement) => new Promise<boolean>((resolve) => {
    element.addEventListener('playing', () => resolve(true), { once: true });
    element.addEventListener('error', () => resolve(false), { once: true });
  }));
  await page.getByRole('button', { name: 'Play Pop' }).click();
  expect(await started).toBe(true);
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  await sounds.downloadLibraryButtons().first().click();
  await expect(page).toHaveURL(paths.humanSoundsPay.href());
  await expect(sounds.offlinePayButton()).toBeVisible();
  await expect(sounds.confirmButton()).toHaveCount(0);
});

test('the catalogue, the checkout and the thank-you page have no serious or critical accessibility violations', async ({ page }) => {
  // Three pages through axe: 25 s on a busy CI machine, 30.4-30.7 s on the slowest (its limit).
  test.slow();
  const sounds = new HumanSoundsPages(page);
  await sounds.openCatalogue();
  await expect(page.getByText('Going to charity')).toBeVisible();
  await page.getByRole('button', { name: 'See how it was made!' }).first().click();
  const violations = await sounds.severeViolations('catalogue');
  await page.goto(paths.humanSoundsPay.href());
  await expect(page.getByRole('textbox', { name: 'Card number' })).toBeVisible();
  violations.push(...(await sounds.severeViolations('checkout')));
  await sounds.buy(buyerEmail('a11y'));
  await expect(sounds.downloadLibraryLink()).toBeVisible();
  violations.push(...(await sounds.severeViolations('thank-you')));
  expect(violations).toEqual([]);
});
