import type Stripe from 'stripe';
import { paths } from '#core/paths';
import { PRICES_CENTS } from '#core/plans/prices';
import type { OrderKind, OrderRow } from './repo.ts';
import { passReceipt, soundsReceipt, type Receipt, type ReceiptOrder } from './receipts.ts';

/**
 * What the one-time charge sells. Each product is one row here: its order kind, its price (from
 * `pwa/core/plans`, never from a request), how it is named to the provider, what the buyer is
 * told when it is paid and what the receipt says. The charge, the order state and the webhook's
 * fulfilment are the same code for all of them.
 */

export type OneTimeProduct = 'pass' | 'sounds';

/** What the charge engine needs of anything it sells (a product below, or an expert's hour). */
export interface ChargeTerms {
  readonly kind: Exclude<OrderKind, 'pro'>;
  readonly amountCents: number;
  /** The expert an hour is booked with (kind 'expert'): kept on the order. */
  readonly expertId?: string;
  /** More PaymentIntent parameters, made from the order (a destination charge's transfer and fee). */
  intentParams?(order: OrderRow): Pick<Stripe.PaymentIntentCreateParams, 'transfer_data' | 'application_fee_amount'>;
  /** The PaymentIntent's description: what the buyer's bank and the Stripe dashboard show. */
  readonly description: string;
  /** The checkout page the bank's authentication page sends the buyer back to. */
  readonly checkoutPath: string;
  /** A paid order comes with download tokens: one in each success answer, one in the receipt. */
  readonly downloads: boolean;
  successMessage(email: string | null): string;
}

export interface ProductTerms extends ChargeTerms {
  readonly kind: OneTimeProduct;
  /** The receipt e-mail; `downloadUrl` is the receipt's own link when the product `downloads`. */
  receipt(order: ReceiptOrder, downloadUrl: string | null): Receipt;
}

export const PRODUCTS: Readonly<Record<OneTimeProduct, ProductTerms>> = {
  pass: {
    kind: 'pass',
    amountCents: PRICES_CENTS.pass,
    description: 'THE PASS',
    checkoutPath: paths.pay.href(),
    downloads: false,
    successMessage: (email) => `Thank you! THE PASS is yours. A receipt is on its way to ${email ?? 'you'}.`,
    receipt: (order) => passReceipt(order),
  },
  sounds: {
    kind: 'sounds',
    amountCents: PRICES_CENTS.humanSounds,
    description: 'Human Sounds UX library',
    checkoutPath: paths.humanSoundsPay.href(),
    downloads: true,
    successMessage: (email) => `Thank you! The Human Sounds library is yours. A receipt with your download link is on its way to ${email ?? 'you'}.`,
    receipt: (order, downloadUrl) => soundsReceipt(order, downloadUrl ?? ''),
  },
};

/** The terms of an order's kind, when the one-time charge sells it. */
export function termsOf(kind: OrderKind): ProductTerms | null {
  return kind === 'pass' || kind === 'sounds' ? PRODUCTS[kind] : null;
}
