import { useEffect, useState } from 'react';
import { accountPurchasesSchema, type AccountPurchases } from '#core/schemas/payments';
import { api, type ApiClient } from '../../../lib/api-client';
import { backoffDelay } from '../../../sync/backoff';

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
 * after it could not be: they live on the server only (a purchase is made online). A request that
 * fails while the device counts as online is tried again later, less and less often: the browser
 * says it is online a moment before its network is, and a server can be away for a while.
 */
export function usePurchases(online: boolean, random: () => number = Math.random): PurchasesState {
  const [state, setState] = useState<PurchasesState>({ status: 'loading' });
  const [failures, setFailures] = useState(0);
  const ready = state.status === 'ready';
  useEffect(() => {
    if (ready || !online) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    getPurchases(controller.signal).then(
      (purchases) => {
        setState({ status: 'ready', purchases });
      },
      () => {
        if (controller.signal.aborted) return;
        setState({ status: 'unavailable' });
        retry = setTimeout(() => {
          setFailures(failures + 1);
        }, backoffDelay(failures + 1, random));
      },
    );
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [ready, online, failures, random]);
  return online || ready ? state : { status: 'unavailable' };
}
