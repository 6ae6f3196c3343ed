import { expect, type Locator, type Page } from '@playwright/test';
import { paths } from '#core/paths';
import { severeViolations } from './accessibility';

export type GratitudeLabel = 'One' | 'Two' | 'Three';

/** The dashboard as a signed-in person uses it: by the names a screen reader hears. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(paths.dashboard.href());
  }

  /** One of 'Today's Activities' by its title. */
  activity(title: 'Weeks Left to Live' | 'Gratitude Journal'): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  activityButton(title: 'Weeks Left to Live' | 'Gratitude Journal'): Locator {
    return this.activity(title).getByRole('button');
  }

  field(label: GratitudeLabel): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  /**
   * From now on this page's IndexedDB refuses writes of the first journal text, as a full disk
   * would (a new page takes them again).
   */
  async refuseFirstTextWrites(): Promise<void> {
    await this.page.evaluate(() => {
      const store = IDBObjectStore.prototype;
      // eslint-disable-next-line @typescript-eslint/unbound-method -- wrapped: the proxy calls it with its own store as `this`
      store.add = new Proxy(store.add, {
        apply(add, target: IDBObjectStore, args: [unknown, IDBValidKey?]) {
          if (target.name === 'outbox' && JSON.stringify(args[0]).includes('gratitudeOne')) {
            throw new DOMException('The device is out of storage', 'QuotaExceededError');
          }
          return Reflect.apply(add, target, args);
        },
      });
    });
  }

  async openGratitude(): Promise<void> {
    await this.activityButton('Gratitude Journal').click();
    await expect(this.page.getByText('Log three items that you are grateful for today.')).toBeVisible();
  }

  /** Types the three texts, leaving the last field so its text is saved at once. */
  async writeGratitude(texts: readonly [string, string, string]): Promise<void> {
    const labels: readonly GratitudeLabel[] = ['One', 'Two', 'Three'];
    for (const [i, label] of labels.entries()) await this.field(label).fill(texts[i] ?? '');
    await this.field('Three').blur();
  }

  /** Pastes `text` into a gratitude field as a person would, through the clipboard (needs its permissions). */
  async pasteInto(label: GratitudeLabel, text: string): Promise<void> {
    await this.page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
    await this.field(label).focus();
    await this.page.keyboard.press('ControlOrMeta+End');
    await this.page.keyboard.press('ControlOrMeta+V');
  }

  async done(): Promise<void> {
    await this.page.getByRole('button', { name: 'Done' }).click();
    await expect(this.page.getByRole('heading', { name: "Today's Activities" })).toBeVisible();
  }

  /** A calendar cell by its spoken name, e.g. 'Sunday, November 22: done, today'. */
  calendarCell(name: string): Locator {
    return this.page.getByRole('cell', { name, exact: true });
  }

  sidebarLink(name: 'Home' | 'Gratitude Journal'): Locator {
    return this.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name });
  }

  async openAccount(): Promise<void> {
    await this.page.getByRole('link', { name: /Account Settings/ }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  }

  async logOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Log Out' }).click();
  }

  /** The dialog Log Out opens when changes on this device have not synced. */
  unsyncedDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Log out before syncing?' });
  }

  syncStatus(): Locator {
    return this.page.getByRole('status').filter({ hasText: /^(Synced|Saved on this device|Offline — will sync|Syncing…)$/ });
  }

  async waitForSynced(): Promise<void> {
    await expect(this.page.getByRole('status').filter({ hasText: /^Synced$/ })).toBeVisible({ timeout: 20_000 });
  }

  /** Serious and critical axe violations on the page as it is now (see accessibility.ts). */
  severeViolations(where: string): Promise<string[]> {
    return severeViolations(this.page, where);
  }
}
