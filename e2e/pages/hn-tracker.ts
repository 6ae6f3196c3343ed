import { expect, type Locator, type Page } from '@playwright/test';
import { paths } from '#core/paths';
import { severeViolations } from './accessibility';

/** The launch tracker's pages as a person uses them, by the names a screen reader hears. */
export class HnTracker {
  constructor(readonly page: Page) {}

  bar(): Locator {
    return this.page.getByRole('banner');
  }

  field(): Locator {
    return this.page.getByRole('textbox', { name: 'Track a post' });
  }

  /** Types `link` and presses Track; resolves once the server has answered (or at once when the device refuses). */
  async track(link: string): Promise<void> {
    await this.field().fill(link);
    await this.page.getByRole('button', { name: 'Track', exact: true }).click();
  }

  tracker(title: string): Locator {
    return this.page.getByRole('region', { name: 'Trackers' }).getByRole('listitem').filter({ has: this.page.getByRole('link', { name: title }) });
  }

  comments(section: 'Unanswered comments' | 'Replies to you deeper down'): Locator {
    return this.page.getByRole('region', { name: section }).getByRole('article');
  }

  async openItem(id: number): Promise<void> {
    await this.page.goto(paths.hnItem.href(id));
  }

  /** Serious and critical axe violations on the page as it is now (see accessibility.ts). */
  severeViolations(where: string): Promise<string[]> {
    return severeViolations(this.page, where);
  }

  async expectHeading(name: string | RegExp): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
}

/**
 * The browser logs each refusal a test provokes on purpose ("status of 410 (Gone)"): take back one
 * line per expected status, and only those; anything else still fails the test.
 */
export function forgiveRefusals(pageProblems: string[], statuses: readonly number[]): void {
  for (const status of statuses) {
    const index = pageProblems.findIndex((problem) => problem.includes(`the server responded with a status of ${String(status)} `));
    expect(index, `a logged ${String(status)} refusal`).toBeGreaterThanOrEqual(0);
    pageProblems.splice(index, 1);
  }
}
