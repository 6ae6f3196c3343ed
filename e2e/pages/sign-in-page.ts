import { expect, type Page } from '@playwright/test';
import { paths } from '#core/paths';

/** The sign-in page as a person uses it on a server without Google (the tests' server). */
export class SignInPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(paths.signup.href());
  }

  /**
   * Signs in with local sign-in; resolves once the server has answered and, when it let the
   * person in, once the app has stored the account (it does so a moment after the answer).
   */
  async signInLocally(email: string, firstName?: string): Promise<void> {
    const form = this.page.getByRole('group', { name: 'Local sign-in (this server runs without Google)' });
    await form.getByLabel('E-mail address').fill(email);
    if (firstName !== undefined) await form.getByLabel('First name').fill(firstName);
    const answered = this.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/local');
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    if ((await answered).ok()) await expect.poll(() => this.storedUserId()).not.toBe('');
  }

  /** The stored client state's user e-mail, '' when signed out. */
  storedEmail(): Promise<string> {
    return this.page.evaluate(() => {
      try {
        const state: unknown = JSON.parse(localStorage.getItem('state') ?? 'null');
        const user: unknown = typeof state === 'object' && state !== null ? Reflect.get(state, 'user') : null;
        const email: unknown = typeof user === 'object' && user !== null ? Reflect.get(user, 'user_email') : '';
        return typeof email === 'string' ? email : '';
      } catch {
        return '';
      }
    });
  }

  storedToken(): Promise<string> {
    return this.page.evaluate(() => {
      const state: unknown = JSON.parse(localStorage.getItem('state') ?? 'null');
      const user: unknown = typeof state === 'object' && state !== null ? Reflect.get(state, 'user') : null;
      const token: unknown = typeof user === 'object' && user !== null ? Reflect.get(user, 'token') : '';
      return typeof token === 'string' ? token : '';
    });
  }

  /** The signed-in account's id (it names the person's IndexedDB database), '' when signed out. */
  storedUserId(): Promise<string> {
    return this.page.evaluate(() => {
      const state: unknown = JSON.parse(localStorage.getItem('state') ?? 'null');
      const user: unknown = typeof state === 'object' && state !== null ? Reflect.get(state, 'user') : null;
      const details: unknown = typeof user === 'object' && user !== null ? Reflect.get(user, 'userDetails') : null;
      const id: unknown = typeof details === 'object' && details !== null ? Reflect.get(details, 'id') : '';
      return typeof id === 'string' ? id : '';
    });
  }
}
