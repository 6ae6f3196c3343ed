import { chargeResponseSchema, type ChargeRequest, type ChargeResponse } from '#core/schemas/payments';
import { api, type ApiClient } from '../../../lib/api-client';

/** The products bought through a one-time checkout, and the specification's call for each. */
export const CHARGE_PATHS = {
  pass: '/charge',
  humanSounds: '/chargeHumanSounds',
} as const;
export type CheckoutProduct = keyof typeof CHARGE_PATHS;

/** `POST /api/charge` (or the product's own call): the server decides the amount. */
export function charge(product: CheckoutProduct, request: ChargeRequest, client: ApiClient = api): Promise<ChargeResponse> {
  return client.request(CHARGE_PATHS[product], chargeResponseSchema, { body: request });
}
