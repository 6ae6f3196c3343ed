import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { chargeResponseSchema } from '#core/schemas/payments';
import { expect, paths, test } from './fixtures';
import { PassPage } from './pages/pass-page';
import { SignInPage } from './pages/sign-in-page';

/**
 * After THE PASS is bought: the receipt the buyer is sent (in the local mailbox, where mail
 * arrives on a server without SMTP_URL), and the pass on a signed-in buyer's account. Both come
 * from the webhook-confirmed order, which may land a moment after the thank-you page: the tests
 * look again until it has.
 */

const buyer = () => `pass-${randomUUID()}@example.test`;

/** Buys THE PASS with the card that pays; resolves the order id once the thank-you page shows. */
async function buyPass(page: Page, email: string): Promise<string> {
  const pass = new PassPage(page);
  await pass.open();
  await expect(pass.testModeBanner()).toBeVisible();
  await pass.fillIn('4242 4242 4242 4242', email);
  const answer = pass.chargeAnswer();
  await pass.buyButton().click();
  const { orderId } = chargeResponseSchema.parse(await (await answer).json());
  await expect(page).toHaveURL(paths.thankYou.href());
  expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
  return orderId ?? '';
}

test('the receipt arrives in the mailbox: THE PASS, $20, the order', async ({ page }) => {
  const email = buyer();
  const orderId = await buyPass(page, email);
  await page.goto(paths.mailbox.href());
  const receipt = page.getByRole('listitem').filter({ hasText: email });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(receipt).toHaveCount(1, { timeout: 1_000 });
  }).toPass();
  await expect(receipt.getByRole('heading', { level: 2 })).toHaveText('Your receipt: THE PASS ($20)');
  await expect(receipt).toContainText('Hello Ada Lovelace,');
  await expect(receipt).toContainText('What you bought: THE PASS');
  await expect(receipt).toContainText('Amount paid: $20 (USD)');
  await expect(receipt).toContainText(`Order: ${orderId}`);
  await expect(receipt).toContainText("We'll e-mail you when the next product ships.");
});

test('a signed-in buyer finds THE PASS on their account', async ({ page }) => {
  const email = buyer();
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signInLocally(email, 'Ada');
  await expect(page).toHaveURL(paths.dashboard.href());

  await page.goto(paths.dashboardAccount.href());
  const purchases = page.getByRole('region', { name: 'Purchases' });
  await expect(purchases).toContainText('Nothing bought with this account yet.');

  await buyPass(page, email);
  await expect(async () => {
    await page.goto(paths.dashboardAccount.href());
    await expect(purchases.getByRole('term')).toHaveText(['THE PASS'], { timeout: 1_000 });
  }).toPass();
  await expect(purchases).toContainText('You have THE PASS');
  await expect(purchases.getByRole('definition')).toHaveText([/^\$20, /]);
});
