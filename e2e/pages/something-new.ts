import { expect, type Page } from '@playwright/test';
import { paths } from '#core/paths';
import { severeViolations } from './accessibility';

/** /somethingnew, by role and label. */
export class SomethingNewPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(paths.somethingNew.href());
  }

  heading() {
    return this.page.getByRole('heading', { level: 1, name: 'Something New' });
  }

  private founderSection() {
    return this.page.getByRole('region', { name: 'Founder profile' });
  }

  /** The founder card: an article named by the founder's name. */
  card() {
    return this.founderSection().getByRole('article');
  }

  founderName() {
    return this.card().getByRole('heading', { level: 2 });
  }

  getRandomButton() {
    return this.page.getByRole('button', { name: 'Get Random Profile' });
  }

  offlineButton() {
    return this.page.getByRole('button', { name: 'A connection is needed for new profiles' });
  }

  buyDataset() {
    return this.page.getByRole('link', { name: 'Buy Dataset' });
  }

  /** The profiles seen on this device, as buttons that show them again. */
  seenOnThisDevice() {
    return this.page.getByRole('navigation', { name: 'Seen on this device' }).getByRole('button');
  }

  /** Waits for a founder on the card and gives the name. */
  async shownName(): Promise<string> {
    await expect(this.founderName()).toBeVisible();
    return (await this.founderName().textContent()) ?? '';
  }

  /** Presses 'Get Random Profile' and gives the name of the founder who replaces `before`. */
  async nextProfile(): Promise<string> {
    const answered = this.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/getOneSomethingNew');
    await this.getRandomButton().click();
    expect((await answered).status()).toBe(200);
    // The button is ready again once the answer is on the card.
    await expect(this.getRandomButton()).not.toHaveAttribute('aria-busy', 'true');
    return this.shownName();
  }

  severeViolations(where: string): Promise<string[]> {
    return severeViolations(this.page, where);
  }
}
