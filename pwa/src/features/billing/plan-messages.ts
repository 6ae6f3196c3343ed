import { isApiError } from '../../lib/api-client';

/**
 * The words for a billing call that did not go through: always 'Error: ', what happened and what
 * to do next. The server's refusals (already subscribed, nothing to cancel) already say both.
 */

export const CONNECTION_NEEDED = 'A connection is needed to change your plan.';

export function billingFailure(error: unknown, doing: string): string {
  if (isApiError(error)) {
    switch (error.kind) {
      case 'offline':
        return `Error: ${CONNECTION_NEEDED} Connect to the internet and try again.`;
      case 'network':
        return `Error: No answer came while ${doing}. Check your connection and try again.`;
      case 'bad-reply':
        return `Error: The server sent an answer this page cannot read while ${doing}. Try again in a moment.`;
      case 'server':
        if (error.status !== null && error.status < 500 && error.status !== 429) return `Error: ${error.message}`;
        return `Error: Something went wrong on our side while ${doing}. Try again in a moment.`;
    }
  }
  return `Error: Something went wrong while ${doing}. Try again in a moment.`;
}
