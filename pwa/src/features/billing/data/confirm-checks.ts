import { isPaid } from '#core/plans/account-type';
import { isApiError } from '../../../lib/api-client';
import type { SessionStore } from '../../../session/session-store';
import type { ConfirmCheck } from '../confirmation.machine';
import { applyAccount, locallyUpgrade } from './apply-account';
import { getAccount, getCheckoutState } from './billing-calls';

/**
 * The looks the confirmation takes at the server. Only a paid answer is written to the session:
 * an answer from before the webhook arrived would say free, which is not true any more.
 */

/** After /hnupgrade's payment: refreshUser, until it says paid. */
export function accountCheck(store: SessionStore): () => Promise<ConfirmCheck> {
  return async () => {
    const token = store.getSnapshot().user.token;
    const reply = await getAccount();
    if (!isPaid(reply.accountType)) return 'waiting';
    applyAccount(store, token, reply);
    return 'confirmed';
  };
}

/**
 * Back from the hosted checkout: the checkout's state, until the server has confirmed its payment;
 * then the account as refreshUser has it. A checkout that was not paid (left open, expired, or not
 * this person's) ends the wait.
 */
export function checkoutCheck(store: SessionStore, sessionId: string): () => Promise<ConfirmCheck> {
  const confirmAccount = accountCheck(store);
  return async () => {
    const state = await getCheckoutState(sessionId).catch((error: unknown) => {
      // Not this person's checkout, or not a checkout's id: there is nothing to wait for.
      if (isApiError(error, 'NOT_FOUND') || isApiError(error, 'INVALID_REQUEST')) return null;
      throw error;
    });
    if (state === null || state.status !== 'complete') return 'refused';
    if (!state.confirmed) {
      // Paid on the provider's page: Pro on this device until the server confirms (or undoes) it.
      locallyUpgrade(store);
      return 'waiting';
    }
    return confirmAccount();
  };
}
