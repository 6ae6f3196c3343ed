import type { Page } from '@playwright/test';
import { paths } from '#core/paths';

/** THE PASS checkout (/pay), by role and label. */
export class PassPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(paths.pay.href());
  }

  heading() {
    return this.page.getByRole('heading', { level: 1, name: 'THE PASS' });
  }

  buyButton() {
    return this.page.getByRole('button', { name: 'Buy Pass' });
  }

  offlineButton() {
    return this.page.getByRole('button', { name: 'A connection is needed to pay' });
  }

  error() {
    return this.page.getByRole('alert');
  }

  testModeBanner() {
    return this.page.getByText('Test mode: no money moves. Use 4242 4242 4242 4242, any future date, any CVC.');
  }

  /** The charge call's answer to the next Buy Pass (or a resubmit). */
  chargeAnswer() {
    return this.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/charge');
  }

  /** Fills the form; tests that look for the buyer's mail give an address of their own. */
  async fillIn(card: string, email = 'ada@example.com'): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await this.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await this.page.getByRole('textbox', { name: 'Card number' }).fill(card);
    await this.page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/40');
    await this.page.getByRole('textbox', { name: 'CVC' }).fill('123');
  }
}
