import { chargeResponseSchema, type ChargeRequest, type ChargeResponse } from '#core/schemas/payments';
import { api, type ApiClient } from '../../../lib/api-client';

/** The products bought through a one-time checkout, and the specification's call for each. */
export const CHARGE_PATHS = {
  pass: '/charge',
  humanSounds: '/chargeHumanSounds',
} as const;
export type OneTimeProduct = keyof typeof CHARGE_PATHS;

/** An hour with the expert whose site name follows the colon (`expert:JaneDoe`). */
export type ExpertHourProduct = `expert:${string}`;

/** Everything the checkout sells: the one-time products, the monthly Pro plan (/hnupgrade), an expert's hour. */
export type CheckoutProduct = OneTimeProduct | 'proMonthly' | ExpertHourProduct;

export function expertHourProduct(siteName: string): ExpertHourProduct {
  return `expert:${siteName}`;
}

/** The expert's site name of an expert's hour, or null for every other product. */
export function expertSiteNameOf(product: CheckoutProduct): string | null {
  return product.startsWith('expert:') ? product.slice('expert:'.length) : null;
}

/**
 * Whether the checkout asks for an e-mail address. The plan belongs to the signed-in account, so
 * its receipts go to the account's address and its checkout asks for the name only.
 */
export function asksForEmail(product: CheckoutProduct): boolean {
  return product !== 'proMonthly';
}

/**
 * `POST /api/charge` (or the product's own call): the server decides the amount. The e-mail is
 * not sent for a product that does not ask for one. The plan's call
 * (`POST /api/chargeHNSubscription`, `chargeHNSubscriptionResponseSchema`) answers with the same
 * fields a charge does, which are all a checkout reads; the plan it also carries is for the
 * billing screens, which ask for it themselves.
 */
export function charge(product: CheckoutProduct, request: ChargeRequest, client: ApiClient = api): Promise<ChargeResponse> {
  const siteName = expertSiteNameOf(product);
  if (siteName !== null) {
    // The expert's hour: the amount is the expert's stored rate (schemas/expert.ts).
    return client.request(`/expert/getPaymentIntent/${encodeURIComponent(siteName)}`, chargeResponseSchema, { body: request });
  }
  if (product === 'pass' || product === 'humanSounds') return client.request(CHARGE_PATHS[product], chargeResponseSchema, { body: request });
  const { name, paymentMethodId, idempotencyKey } = request;
  return client.request('/chargeHNSubscription', chargeResponseSchema, { body: { name, paymentMethodId, idempotencyKey } });
}
