import type { APIRequestContext, Page } from '@playwright/test';
import { paths } from '#core/paths';
import { severeViolations } from './accessibility';

/** The Human Sounds pages (/humansounds, its checkout and thank-you page), by role and label. */
export class HumanSoundsPages {
  constructor(private readonly page: Page) {}

  async openCatalogue(): Promise<void> {
    await this.page.goto(paths.humanSounds.href());
  }

  catalogueHeading() {
    return this.page.getByRole('heading', { level: 1, name: 'Human Sounds' });
  }

  soundNames() {
    return this.page.getByRole('region', { name: 'The sounds' }).getByRole('heading', { level: 3 });
  }

  downloadLibraryButtons() {
    return this.page.getByRole('link', { name: 'Download Audio Library' });
  }

  confirmButton() {
    return this.page.getByRole('button', { name: 'Confirm' });
  }

  offlinePayButton() {
    return this.page.getByRole('button', { name: 'A connection is needed to pay' });
  }

  downloadLibraryLink() {
    return this.page.getByRole('link', { name: 'Download Library' });
  }

  async fillIn(email: string, card: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await this.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await this.page.getByRole('textbox', { name: 'Card number' }).fill(card);
    await this.page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/40');
    await this.page.getByRole('textbox', { name: 'CVC' }).fill('123');
  }

  /** From the catalogue's first 'Download Audio Library' to the thank-you page; resolves its token. */
  async buy(email: string): Promise<string> {
    await this.openCatalogue();
    await this.downloadLibraryButtons().first().click();
    await this.fillIn(email, '4242 4242 4242 4242');
    await this.confirmButton().click();
    await this.page.waitForURL(/\/humansounds\/thankyou\/[A-Za-z0-9_-]{43}$/);
    return new URL(this.page.url()).pathname.split('/').at(-1) ?? '';
  }

  /** Serious and critical axe violations on the page as it is now (see accessibility.ts). */
  severeViolations(where: string): Promise<string[]> {
    return severeViolations(this.page, where);
  }
}

/** Any secret key speaks to the local Stripe mounted on the product's port (test mode). */
const LOCAL_STRIPE_KEY = 'sk_test_e2e_human_sounds';

/**
 * Refunds the buyer's payment as the owner would in Stripe's dashboard: through the local Stripe's
 * own API (`/v1`), which then tells the product with a signed `charge.refunded` webhook.
 */
export async function refundPaymentOf(request: APIRequestContext, buyerEmail: string): Promise<void> {
  const headers = { Authorization: `Bearer ${LOCAL_STRIPE_KEY}` };
  const listed = await request.get('/v1/payment_intents?limit=100', { headers });
  const body = (await listed.json()) as { data: { id: string; status: string; receipt_email: string | null }[] };
  const intent = body.data.find((candidate) => candidate.receipt_email === buyerEmail && candidate.status === 'succeeded');
  if (intent === undefined) throw new Error(`No paid PaymentIntent for ${buyerEmail}`);
  const refund = await request.post('/v1/refunds', { headers, form: { payment_intent: intent.id } });
  if (!refund.ok()) throw new Error(`The refund was refused: ${await refund.text()}`);
}
