import { useEffect, useState } from 'react';
import { paymentsConfigSchema, type PaymentsConfig } from '#core/schemas/payments';
import { api, type ApiClient } from '../../../lib/api-client';

/** `GET /api/payments/config`: whether cards go to the local Stripe (test) or to Stripe.js. */
export function getPaymentsConfig(signal?: AbortSignal, client: ApiClient = api): Promise<PaymentsConfig> {
  return client.request('/payments/config', paymentsConfigSchema, { signal });
}

export type PaymentsConfigState =
  | { readonly status: 'loading' }
  | { readonly status: 'unavailable' }
  | { readonly status: 'ready'; readonly config: PaymentsConfig };

/** The payments config, fetched on mount and again when the connection comes back after a failure. */
export function usePaymentsConfig(online: boolean): PaymentsConfigState {
  const [state, setState] = useState<PaymentsConfigState>({ status: 'loading' });
  const ready = state.status === 'ready';
  useEffect(() => {
    if (ready || !online) return;
    const controller = new AbortController();
    getPaymentsConfig(controller.signal).then(
      (config) => setState({ status: 'ready', config }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'unavailable' });
      },
    );
    return () => controller.abort();
  }, [ready, online]);
  return online || ready ? state : { status: 'unavailable' };
}
