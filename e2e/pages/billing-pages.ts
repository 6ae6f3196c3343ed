import { expect, type Locator, type Page } from '@playwright/test';
import { paths } from '#core/paths';
import { severeViolations } from './accessibility';

/** The paid plan's screens and the local Stripe's hosted pages, by the names a screen reader hears. */
export class BillingPages {
  constructor(readonly page: Page) {}

  /** The Subscription section of an account page (/account, or the dashboard's account view). */
  subscription(): Locator {
    return this.page.getByRole('region', { name: 'Subscription' });
  }

  cancelDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Cancel your Pro plan?' });
  }

  /** /hnupgrade: name and a test card, then Upgrade. */
  async upgradeFromTracker(card = '4242 4242 4242 4242'): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Upgrade to Pro' })).toBeVisible();
    await this.page.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await this.page.getByRole('textbox', { name: 'Card number' }).fill(card);
    await this.page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/40');
    await this.page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await this.page.getByRole('button', { name: 'Upgrade' }).click();
  }

  /** The local Stripe's checkout page: pays with a test card (the e-mail is the account's, prefilled). */
  async payOnHostedCheckout(card = '4242 4242 4242 4242'): Promise<void> {
    await this.page.getByLabel('Card number').fill(card);
    await this.page.getByLabel('Expiry (MM/YY)').fill('12/40');
    await this.page.getByLabel('CVC').fill('123');
    await this.page.getByRole('button', { name: /^Pay / }).click();
  }

  /** Cancel, as the dialog states it first, then confirmed; resolves once the server has answered. */
  async cancel(expectedStatement: string): Promise<void> {
    await this.subscription().getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(this.cancelDialog()).toContainText(expectedStatement);
    const answered = this.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/billing/cancel');
    await this.cancelDialog().getByRole('button', { name: 'Cancel my plan' }).click();
    expect((await answered).status()).toBe(200);
  }

  /** The signed-in person's bearer token, from the stored session. */
  token(): Promise<string> {
    return this.page.evaluate(() => {
      const state: unknown = JSON.parse(localStorage.getItem('state') ?? 'null');
      const user: unknown = typeof state === 'object' && state !== null ? Reflect.get(state, 'user') : null;
      const token: unknown = typeof user === 'object' && user !== null ? Reflect.get(user, 'token') : '';
      return typeof token === 'string' ? token : '';
    });
  }

  async openAccount(): Promise<void> {
    await this.page.goto(paths.account.href());
    await expect(this.subscription()).toBeVisible();
  }

  /** Serious and critical axe violations on the page as it is now (see accessibility.ts). */
  severeViolations(where: string): Promise<string[]> {
    return severeViolations(this.page, where);
  }
}

/**
 * What the dashboard showed after coming back from the checkout: 'Confirming your payment …'
 * until the plan is confirmed, and never 'Upgrade now' (a wrong Free) on the way.
 */
export async function watchForUpgradeOffers(page: Page): Promise<() => Promise<{ confirming: boolean; offeredUpgrade: boolean }>> {
  await page.addInitScript(() => {
    if (!new URLSearchParams(window.location.search).has('checkout_session')) return;
    const look = () => {
      // The script runs before the page has a body.
      const text = document.querySelector('body')?.innerText ?? '';
      if (text.includes('Confirming your payment …')) Reflect.set(window, '__confirming', true);
      if (text.includes('Upgrade now')) Reflect.set(window, '__offeredUpgrade', true);
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () =>
    page.evaluate(() => ({ confirming: Reflect.get(window, '__confirming') === true, offeredUpgrade: Reflect.get(window, '__offeredUpgrade') === true }));
}
