import { z } from 'zod';
import { paymentMethodIdSchema } from '#core/schemas/payments';

/** A card as our test-mode card field reads it. */
export interface TestCard {
  readonly number: string;
  readonly expMonth: number;
  /** Four digits. */
  readonly expYear: number;
  readonly cvc: string;
}

/** Stripe refused the card (or could not be reached): `message` is Stripe's words for the buyer. */
export class CardError extends Error {
  override readonly name = 'CardError';
  readonly code: string | null;
  constructor(message: string, code: string | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

const paymentMethodReplySchema = z.object({ id: paymentMethodIdSchema });
const stripeErrorReplySchema = z.object({ error: z.object({ message: z.string(), code: z.string().optional() }) });

/**
 * Test mode: `POST /v1/payment_methods` on the local Stripe (this origin), as Stripe.js would
 * call Stripe, with the publishable key as bearer and a form-encoded body. Resolves the
 * PaymentMethod id; a refused card rejects with a CardError carrying Stripe's message.
 */
export async function createTestPaymentMethod(
  publishableKey: string,
  card: TestCard,
  billing: { readonly name: string; readonly email: string },
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<string> {
  const body = new URLSearchParams({
    type: 'card',
    'card[number]': card.number,
    'card[exp_month]': String(card.expMonth),
    'card[exp_year]': String(card.expYear),
    'card[cvc]': card.cvc,
    'billing_details[name]': billing.name,
  });
  // The plan's checkout asks for no e-mail: an empty one is left out rather than sent blank.
  if (billing.email !== '') body.set('billing_details[email]', billing.email);
  let response: Response;
  try {
    response = await fetchImpl('/v1/payment_methods', {
      method: 'POST',
      headers: { Authorization: `Bearer ${publishableKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      cache: 'no-store',
    });
  } catch (error) {
    throw new CardError('The card could not be checked: no answer came.', 'network', { cause: error });
  }
  const reply: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = paymentMethodReplySchema.safeParse(reply);
    if (parsed.success) return parsed.data.id;
    throw new CardError('The card check sent an answer this page cannot read.', 'bad-reply');
  }
  const refused = stripeErrorReplySchema.safeParse(reply);
  if (refused.success) throw new CardError(refused.data.error.message, refused.data.error.code ?? null);
  throw new CardError('The card could not be checked.', 'server');
}
