import type { Page } from '@playwright/test';

/** The birthday entry of the weeks-left exercise. */
export class BirthdayEntry {
  constructor(private readonly page: Page) {}

  async enter(month: string, day: string, year: string): Promise<void> {
    const form = this.page.getByRole('group', { name: 'Enter your birthday' });
    await form.getByLabel('Month').selectOption({ label: month });
    await form.getByLabel('Year').selectOption({ label: year });
    await form.getByLabel('Day').selectOption({ label: day });
    await this.page.getByRole('button', { name: 'DONE' }).click();
  }
}
