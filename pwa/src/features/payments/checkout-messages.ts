import { isApiError } from '../../lib/api-client';
import { CardError } from './data/create-payment-method';

/**
 * The words a checkout shows when a payment does not go through: always 'Error: ', what
 * happened, and what to do next (specification §4; DEVIATIONS #10: nothing is only logged).
 */

export const OFFLINE_REFUSAL = 'A connection is needed to pay';

export const MESSAGES = {
  offline: `Error: ${OFFLINE_REFUSAL}. Nothing was charged. Connect to the internet and try again.`,
  lostAnswer:
    'Error: The answer to your payment did not arrive. Try again when your connection is back: you will be charged at most once.',
  badReply: 'Error: The server sent an answer this page cannot read. Try again: you will be charged at most once.',
  authenticationFailed: 'Error: Your bank did not confirm the payment, so nothing was charged. Try again, or use another card.',
  authenticationTimedOut:
    'Error: Your bank has not confirmed the payment yet. Finish the check in the window your bank opened, or try again: you will be charged at most once.',
} as const;

/**
 * The server said no (`success: false`): its message, and what to do next. The payment calls
 * already answer in full ('Error: The card was declined. No money was taken. Try another card.'):
 * those words are shown as they are, not prefixed and advised a second time.
 */
export function declinedMessage(serverMessage: string): string {
  const said = serverMessage.trim() === '' ? 'The payment was declined.' : serverMessage.trim();
  if (said.startsWith('Error: ')) return said;
  return `Error: ${said} Check the card details, or use another card.`;
}

/** A failed step (checking the card, or the charge call) in words. */
export function failureMessage(error: unknown): string {
  if (error instanceof CardError) {
    if (error.code === 'network') return MESSAGES.lostAnswer;
    return `Error: ${error.message} Check the card details and try again.`;
  }
  if (isApiError(error)) {
    switch (error.kind) {
      case 'offline':
        return MESSAGES.offline;
      case 'network':
        return MESSAGES.lostAnswer;
      case 'bad-reply':
        return MESSAGES.badReply;
      case 'server':
        // A refusal for the state things are in (already subscribed, already being processed) says what to do itself.
        if (error.status === 409) return `Error: ${error.message}`;
        return `Error: ${error.message} Try again in a moment: you will be charged at most once.`;
    }
  }
  return 'Error: Something went wrong while paying. Try again: you will be charged at most once.';
}
