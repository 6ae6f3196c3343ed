/**
 * The page Stripe would host for a card's authentication challenge (3D Secure), as a plain,
 * clearly labelled test page: "Complete" or "Fail", then back to the return_url with the query
 * Stripe adds (`payment_intent`, `payment_intent_client_secret`, `redirect_status`).
 */
import type Stripe from 'stripe';
import { AUTHENTICATION_PATH, completeAuthentication, failAuthentication } from './payment-attempt.ts';
import { escapeHtml, money, page } from './pages.ts';
import { optionalString } from './params.ts';
import type { Reply, RequestContext, Route } from './route.ts';

const STANDS_FOR = "This page stands in for your bank's check.";

function authenticationPage(title: string, body: string, status = 200): Reply {
  return page(title, body, { standsFor: STANDS_FOR, status });
}

/** The intent waiting for authentication, if the address names one with its client secret. */
function pendingIntent(context: RequestContext): Stripe.PaymentIntent | Reply {
  const intent = context.store.paymentIntents.get(context.pathParams.id ?? '');
  const secret = optionalString(context.params, 'client_secret');
  if (intent === undefined || secret === undefined || intent.client_secret !== secret) {
    return authenticationPage('Payment not found', '<p>This authentication link does not name a payment.</p>', 404);
  }
  if (intent.status !== 'requires_action') {
    return authenticationPage('Nothing to authenticate', `<p>This payment is ${escapeHtml(intent.status)}.</p>`, 409);
  }
  return intent;
}

function returnUrlOf(intent: Stripe.PaymentIntent): string | null {
  return intent.next_action?.redirect_to_url?.return_url ?? null;
}

export const authenticationRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: `${AUTHENTICATION_PATH}/:id`,
    page: true,
    handle: (context) => {
      const intent = pendingIntent(context);
      if ('kind' in intent) return intent;
      const secret = escapeHtml(intent.client_secret ?? '');
      const action = escapeHtml(`${context.baseUrl}${AUTHENTICATION_PATH}/${intent.id}`);
      return authenticationPage(
        'Authenticate this test payment',
        `<p>Payment of ${escapeHtml(money(intent.amount, intent.currency))}${
          intent.description === null ? '' : ` for ${escapeHtml(intent.description)}`
        }.</p>
<form method="post" action="${action}">
<input type="hidden" name="client_secret" value="${secret}">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail">Fail authentication</button>
</form>`,
      );
    },
  },
  {
    method: 'POST',
    path: `${AUTHENTICATION_PATH}/:id`,
    page: true,
    handle: (context) => {
      const intent = pendingIntent(context);
      if ('kind' in intent) return intent;
      const outcome = optionalString(context.params, 'outcome');
      if (outcome !== 'complete' && outcome !== 'fail') {
        return authenticationPage('Choose an outcome', '<p>Use "Complete authentication" or "Fail authentication".</p>', 400);
      }
      const returnUrl = returnUrlOf(intent);
      const source = { ...context, requestId: null, idempotencyKey: undefined };
      if (outcome === 'complete') completeAuthentication(source, intent);
      else failAuthentication(source, intent);
      if (returnUrl === null) {
        return authenticationPage('Authentication finished', `<p>The payment is now ${escapeHtml(intent.status)}.</p>`);
      }
      const target = new URL(returnUrl);
      target.searchParams.set('payment_intent', intent.id);
      target.searchParams.set('payment_intent_client_secret', intent.client_secret ?? '');
      target.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
      return { kind: 'redirect', location: target.href };
    },
  },
];
