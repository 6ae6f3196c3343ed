import type { SignInConfig } from '#core/schemas/auth';
import { isApiError } from '../../lib/api-client';

/**
 * The line under 'Sign in to continue': it names the way this server signs people in, so a
 * server without Google never promises a Google account above an e-mail form.
 */
export function signInLead(mode: SignInConfig['mode']): string {
  switch (mode) {
    case 'google':
      return 'Use a Google account to get started';
    case 'local':
      return 'A local sign-in for trying the app: your e-mail address, no password.';
  }
}

/**
 * What a failed sign-in says to the person: what happened and what to do (DEVIATIONS #10: a
 * failure is never taken for a success and never silent).
 */
export function describeSignInError(error: unknown): string {
  if (!isApiError(error)) return 'Signing in did not work. Please try again.';
  switch (error.kind) {
    case 'offline':
      return 'You are offline. Signing in needs a connection: try again once you are back online.';
    case 'network':
      return 'The server could not be reached. Check your connection and try again.';
    case 'bad-reply':
      return 'The server sent an answer this version of Memento cannot read. Reload the page and try again.';
    case 'server':
      break;
  }
  switch (error.code) {
    case 'SIGN_IN_FAILED':
      return `${error.message} Please try again.`;
    case 'SIGN_IN_MODE':
      return 'This way of signing in is not offered by the server any more. Reload the page to see how to sign in.';
    case 'INVALID_REQUEST':
      return 'Check the e-mail address and try again.';
    case 'RATE_LIMITED':
      // The server says how long to wait ("Too many sign-ins. Try again in 12 minutes.").
      return error.message === 'RATE_LIMITED' ? 'Too many attempts in a short time. Wait a few minutes, then try again.' : error.message;
    case 'UNAVAILABLE':
      return error.message === 'UNAVAILABLE' ? 'Signing in is unavailable for a moment. Please try again shortly.' : error.message;
    default:
      return 'Something went wrong on our side. Please try again in a moment.';
  }
}
