import { paymentsConfigSchema, type PaymentsConfig } from '#core/schemas/payments';
import { api, type ApiClient } from '../../../lib/api-client';

/** `GET /api/payments/config`: whether cards go to the local Stripe (test) or to Stripe.js. */
export function getPaymentsConfig(signal?: AbortSignal, client: ApiClient = api): Promise<PaymentsConfig> {
  return client.request('/payments/config', paymentsConfigSchema, { signal });
}
