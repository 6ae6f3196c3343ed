import { useEffect, useState } from 'react';
import { accountPurchasesSchema, type AccountPurchases } from '#core/schemas/payments';
import { api, type ApiClient } from '../../../lib/api-client';

/** `GET /api/account/purchases`: what the signed-in account has paid for (paid or refunded orders). */
export function getPurchases(signal?: AbortSignal, client: ApiClient = api): Promise<AccountPurchases> {
  return client.request('/account/purchases', accountPurchasesSchema, { signal });
}

export type PurchasesState =
  | { readonly status: 'loading' }
  | { readonly status: 'unavailable' }
  | { readonly status: 'ready'; readonly purchases: AccountPurchases };

/**
 * The account's purchases, asked for when the view opens and again when the connection comes back
 * after it could not be: they live on the server only (a purchase is made online).
 */
export function usePurchases(online: boolean): PurchasesState {
  const [state, setState] = useState<PurchasesState>({ status: 'loading' });
  const ready = state.status === 'ready';
  useEffect(() => {
    if (ready || !online) return;
    const controller = new AbortController();
    getPurchases(controller.signal).then(
      (purchases) => setState({ status: 'ready', purchases }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'unavailable' });
      },
    );
    return () => controller.abort();
  }, [ready, online]);
  return online || ready ? state : { status: 'unavailable' };
}
