/**
 * The page Stripe would host for a card's authentication challenge (3D Secure), as a plain,
 * clearly labelled test page: "Complete" or "Fail", then back to the return_url with the query
 * Stripe adds (`payment_intent`, `payment_intent_client_secret`, `redirect_status`).
 */
import type Stripe from 'stripe';
import { AUTHENTICATION_PATH, completeAuthentication, failAuthentication } from './payment-attempt.ts';
import { optionalString } from './params.ts';
import type { Reply, RequestContext, Route } from './route.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string, status = 200): Reply {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Local Stripe (test mode)</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
.banner{background:#fff4d6;border:1px solid #c98a00;padding:.5rem .75rem;border-radius:.25rem}
button{font:inherit;padding:.5rem 1rem;margin-right:.5rem}</style></head>
<body><p class="banner" role="note">Test mode: no money moves. This page stands in for your bank's check.</p>
<h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  return { kind: 'html', status, html };
}

function money(intent: Stripe.PaymentIntent): string {
  return `${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}`;
}

/** The intent waiting for authentication, if the address names one with its client secret. */
function pendingIntent(context: RequestContext): Stripe.PaymentIntent | Reply {
  const intent = context.store.paymentIntents.get(context.pathParams.id ?? '');
  const secret = optionalString(context.params, 'client_secret');
  if (intent === undefined || secret === undefined || intent.client_secret !== secret) {
    return page('Payment not found', '<p>This authentication link does not name a payment.</p>', 404);
  }
  if (intent.status !== 'requires_action') {
    return page('Nothing to authenticate', `<p>This payment is ${escapeHtml(intent.status)}.</p>`, 409);
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
      return page(
        'Authenticate this test payment',
        `<p>Payment of ${escapeHtml(money(intent))}${
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
        return page('Choose an outcome', '<p>Use "Complete authentication" or "Fail authentication".</p>', 400);
      }
      const returnUrl = returnUrlOf(intent);
      const source = { ...context, requestId: null, idempotencyKey: undefined };
      if (outcome === 'complete') completeAuthentication(source, intent);
      else failAuthentication(source, intent);
      if (returnUrl === null) {
        return page('Authentication finished', `<p>The payment is now ${escapeHtml(intent.status)}.</p>`);
      }
      const target = new URL(returnUrl);
      target.searchParams.set('payment_intent', intent.id);
      target.searchParams.set('payment_intent_client_secret', intent.client_secret ?? '');
      target.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
      return { kind: 'redirect', location: target.href };
    },
  },
];
