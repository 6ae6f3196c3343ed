import type { Page } from '@playwright/test';
import { paths } from '#core/paths';
import { severeViolations } from './accessibility';
import { SignInPage } from './sign-in-page';

export interface ExpertPageFields {
  readonly siteName: string;
  readonly yourName: string;
  readonly bio: string;
  readonly verb: 'Consult' | 'Mentor' | 'Tutor' | 'Work';
  readonly helpList: readonly string[];
  readonly rate: string;
}

/**
 * The expert tool as an expert uses it: /expert, the onboarding form (/expert/form), the local
 * Stripe's test onboarding page and the dashboard. `base` is the server's address ('' for the
 * tests' own server, or an in-test server's).
 */
export class ExpertPages {
  constructor(
    readonly page: Page,
    private readonly base = '',
  ) {}

  private url(path: string): string {
    return `${this.base}${path}`;
  }

  async openLanding(): Promise<void> {
    await this.page.goto(this.url(paths.expert.href()));
  }

  /** 'Get Started' on /expert, then local sign-in; the sign-in continues to the form. */
  async getStarted(email: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Get Started' }).click();
    await new SignInPage(this.page).signInLocally(email, 'Jane');
  }

  progressStep() {
    return this.page.getByRole('list', { name: 'Progress' }).locator('[aria-current="step"]');
  }

  field(label: string) {
    return this.page.getByLabel(label, { exact: true });
  }

  async fillPageForm(fields: ExpertPageFields): Promise<void> {
    await this.field('Site name').fill(fields.siteName);
    await this.field('Your name').fill(fields.yourName);
    await this.field('Bio').fill(fields.bio);
    await this.field("I'm available to").selectOption(fields.verb);
    await this.field('What I can help with').fill(fields.helpList.join('\n'));
    await this.field('Rate (hourly, USD)').fill(fields.rate);
  }

  nextButton() {
    return this.page.getByRole('button', { name: 'Next' });
  }

  /** On the payments step, or on the dashboard: goes to the local Stripe's onboarding page. */
  async setUpStripe(name: 'Set Up Stripe Account' | 'Resume Stripe onboarding' = 'Set Up Stripe Account'): Promise<void> {
    await this.page.getByRole('button', { name }).click();
    await this.page.getByRole('heading', { name: 'Set up payouts (test onboarding)' }).waitFor();
  }

  /** The local Stripe's test onboarding page: finish it, or leave without finishing. */
  async finishTestOnboarding(outcome: 'Complete test onboarding' | 'Leave without finishing'): Promise<void> {
    await this.page.getByRole('button', { name: outcome }).click();
    await this.page.waitForURL(this.url(paths.expertDashboard.href()));
  }

  async openDashboard(): Promise<void> {
    await this.page.goto(this.url(paths.expertDashboard.href()));
  }

  notAcceptingCharges() {
    return this.page.getByText('Not accepting charges, set up/verify your Stripe account');
  }

  acceptingCharges() {
    return this.page.getByText('Accepting charges: visitors can book and pay for your time.');
  }

  booking(visitorName: string) {
    return this.page.getByRole('listitem', { name: `Booking by ${visitorName}` });
  }

  /** The whole process: Get Started, the form, and payments set up through the test onboarding. */
  async becomeExpert(email: string, fields: ExpertPageFields): Promise<void> {
    await this.openLanding();
    await this.getStarted(email);
    await this.page.waitForURL(this.url(paths.expertForm.href()));
    await this.fillPageForm(fields);
    await this.nextButton().click();
    await this.page.getByRole('heading', { name: 'Enabling Payments' }).waitFor();
    await this.setUpStripe();
    await this.finishTestOnboarding('Complete test onboarding');
    await this.acceptingCharges().waitFor();
  }

  severeViolations(where: string): Promise<string[]> {
    return severeViolations(this.page, where);
  }
}

/** An expert's public page (/ex/{siteName}) as a visitor uses it, paying with a test card. */
export class ExpertPublicPage {
  constructor(
    readonly page: Page,
    private readonly base = '',
  ) {}

  async open(siteName: string): Promise<void> {
    await this.page.goto(`${this.base}${paths.expertPage.href(siteName)}`);
  }

  setUpTime() {
    return this.page.getByRole('button', { name: 'Set Up Time' });
  }

  payButton() {
    return this.page.getByRole('button', { name: 'Pay and book' });
  }

  thankYou() {
    return this.page.getByText("Thank you, I'll send you an email to schedule soon!");
  }

  async fillIn(card: string, name: string, email: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Name' }).fill(name);
    await this.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await this.page.getByRole('textbox', { name: 'Card number' }).fill(card);
    await this.page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/40');
    await this.page.getByRole('textbox', { name: 'CVC' }).fill('123');
  }
}

/** The local mailbox (/mailbox) opened: the messages that name `address` whose subject matches. */
export async function mailWithSubject(page: Page, base: string, address: string, subject: RegExp) {
  await page.goto(`${base}${paths.mailbox.href()}`);
  return page
    .getByRole('listitem')
    .filter({ hasText: address })
    .filter({ has: page.getByRole('heading', { level: 2, name: subject }) });
}
