import { expect, paths, test, waitForServiceWorker } from './fixtures';
import { PassPage } from './pages/pass-page';

test('THE PASS: a test card pays and the thank-you page follows', async ({ page }) => {
  const pass = new PassPage(page);
  await pass.open();
  await expect(pass.testModeBanner()).toBeVisible();
  await pass.fillIn('4242 4242 4242 4242');
  await pass.buyButton().click();
  await expect(page).toHaveURL(paths.thankYou.href());
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
});

test('THE PASS: a declined card says Error: and what to do, and the buttons come back', async ({ page }) => {
  const pass = new PassPage(page);
  await pass.open();
  await pass.fillIn('4000 0000 0000 0002');
  await pass.buyButton().click();
  await expect(pass.error()).toHaveText('Error: The card was declined. No money was taken. Try another card, or ask your bank why.');
  await expect(pass.buyButton()).toBeVisible();
  await expect(page).toHaveURL(paths.pay.href());
});

test('THE PASS offline: the page opens from the precache and the button says a connection is needed', async ({ page, context }) => {
  await page.goto(paths.home.href());
  await waitForServiceWorker(page);
  await context.setOffline(true);
  const pass = new PassPage(page);
  await pass.open();
  await expect(pass.heading()).toBeVisible();
  await expect(pass.offlineButton()).toBeVisible();
  await expect(pass.buyButton()).toHaveCount(0);
});
