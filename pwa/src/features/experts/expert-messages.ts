import { isApiError } from '../../lib/api-client';

/** What the expert screens say when a call fails: 'Error: ' and what to do next. */
export function onboardingFailure(error: unknown): string {
  if (isApiError(error)) {
    switch (error.kind) {
      case 'offline':
        return 'Error: You are offline. Connect to the internet and try again.';
      case 'network':
        return 'Error: The server could not be reached. Check your connection and try again.';
      case 'bad-reply':
        return 'Error: The server sent an answer this page cannot read. Reload the page and try again.';
      case 'server':
        if (error.code === 'RATE_LIMITED') return 'Error: Too many tries in a short time. Wait a few minutes and try again.';
        if (error.code === 'UNAVAILABLE') return 'Error: Payments are not available right now. Try again in a few minutes.';
        if (error.code === 'INVALID_REQUEST') return 'Error: Some fields need a change. Fix the ones marked and try again.';
        if (error.code === 'NOT_AN_EXPERT') return 'Error: This account has no expert page yet. Make one at /expert/form.';
        if (error.code === 'BOOKING_REFUNDED') return 'Error: This booking was refunded already.';
        return `Error: ${error.message || 'Something went wrong on the server.'} Try again in a moment.`;
    }
  }
  return 'Error: Something went wrong. Reload the page and try again.';
}
