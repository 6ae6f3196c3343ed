import { chargeResponseSchema, type ChargeRequest, type ChargeResponse } from '#core/schemas/payments';
import { api, type ApiClient } from '../../../lib/api-client';

/** The products bought through a one-time checkout, and the specification's call for each. */
export const CHARGE_PATHS = {
  pass: '/charge',
  humanSounds: '/chargeHumanSounds',
} as const;
export type OneTimeProduct = keyof typeof CHARGE_PATHS;

/** Everything the checkout sells: the one-time products and the monthly Pro plan (/hnupgrade). */
export type CheckoutProduct = OneTimeProduct | 'proMonthly';

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
  if (product !== 'proMonthly') return client.request(CHARGE_PATHS[product], chargeResponseSchema, { body: request });
  const { name, paymentMethodId, idempotencyKey } = request;
  return client.request('/chargeHNSubscription', chargeResponseSchema, { body: { name, paymentMethodId, idempotencyKey } });
}
