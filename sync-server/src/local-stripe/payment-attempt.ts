/**
 * What confirming a PaymentIntent does with its test card: succeed (a succeeded charge), decline
 * (a failed charge, `requires_payment_method` with `last_payment_error`, and a 402 card error), or
 * ask for authentication (`requires_action` with a `redirect_to_url` next action that points at the
 * local test page, where a person completes or fails it).
 */
import type Stripe from 'stripe';
import { createCharge, failureFor } from './charges.ts';
import { cardError } from './errors.ts';
import type { EventRecorder, EventSource } from './events.ts';
import { cardBehind } from './payment-methods.ts';
import type { LocalStripeStore } from './store.ts';
import { settleDestination } from './transfers.ts';

export interface AttemptContext extends EventSource {
  readonly store: LocalStripeStore;
  readonly events: EventRecorder;
  readonly baseUrl: string;
}

export const AUTHENTICATION_PATH = '/local-stripe/authenticate';

export function authenticationUrl(baseUrl: string, intent: Stripe.PaymentIntent): string {
  const secret = encodeURIComponent(intent.client_secret ?? '');
  return `${baseUrl}${AUTHENTICATION_PATH}/${intent.id}?client_secret=${secret}`;
}

function succeed(context: AttemptContext, intent: Stripe.PaymentIntent, method: Stripe.PaymentMethod): void {
  const charge = createCharge(context.store, intent, method, undefined);
  settleDestination(context, intent, charge);
  Object.assign(intent, {
    status: 'succeeded',
    amount_received: intent.amount,
    latest_charge: charge.id,
    last_payment_error: null,
    next_action: null,
    payment_method: method.id,
  } satisfies Partial<Stripe.PaymentIntent>);
  context.events.record('charge.succeeded', charge, context);
  context.events.record('payment_intent.succeeded', intent, context);
}

/** Runs the attempt; a decline updates the intent, records its events, then throws the 402. */
export function attemptPayment(
  context: AttemptContext,
  intent: Stripe.PaymentIntent,
  method: Stripe.PaymentMethod,
  returnUrl: string | undefined,
): void {
  const card = cardBehind(context.store, method.id);
  if (card.outcome.kind === 'requires_authentication') {
    Object.assign(intent, {
      status: 'requires_action',
      payment_method: method.id,
      last_payment_error: null,
      next_action: {
        type: 'redirect_to_url',
        redirect_to_url: { url: authenticationUrl(context.baseUrl, intent), return_url: returnUrl ?? null },
      },
    } satisfies Partial<Stripe.PaymentIntent>);
    context.events.record('payment_intent.requires_action', intent, context);
    return;
  }
  const failure = failureFor(card.outcome);
  if (failure === undefined) {
    succeed(context, intent, method);
    return;
  }
  const charge = createCharge(context.store, intent, method, failure);
  const lastError: Stripe.PaymentIntent.LastPaymentError = {
    type: 'card_error',
    code: failure.code,
    decline_code: failure.declineCode,
    message: failure.message,
    charge: charge.id,
    doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    payment_method: method,
  };
  Object.assign(intent, {
    status: 'requires_payment_method',
    latest_charge: charge.id,
    last_payment_error: lastError,
    next_action: null,
    payment_method: null,
  } satisfies Partial<Stripe.PaymentIntent>);
  context.events.record('charge.failed', charge, context);
  context.events.record('payment_intent.payment_failed', intent, context);
  throw cardError({
    code: failure.code,
    decline_code: failure.declineCode,
    message: failure.message,
    charge: charge.id,
    payment_intent: structuredClone(intent),
    payment_method: method,
  });
}

/** The person finished the challenge on the test page. */
export function completeAuthentication(context: AttemptContext, intent: Stripe.PaymentIntent): void {
  const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  const method = methodId === undefined ? undefined : context.store.paymentMethods.get(methodId);
  if (method === undefined) return;
  succeed(context, intent, method);
}

/** The person failed (or refused) the challenge: the intent asks for another payment method. */
export function failAuthentication(context: AttemptContext, intent: Stripe.PaymentIntent): void {
  const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  const method = methodId === undefined ? undefined : context.store.paymentMethods.get(methodId);
  Object.assign(intent, {
    status: 'requires_payment_method',
    next_action: null,
    payment_method: null,
    last_payment_error: {
      type: 'card_error',
      code: 'payment_intent_authentication_failure',
      doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new ' +
        'PaymentMethod to attempt to fulfill this PaymentIntent again.',
      ...(method === undefined ? {} : { payment_method: method }),
    },
  } satisfies Partial<Stripe.PaymentIntent>);
  context.events.record('payment_intent.payment_failed', intent, context);
}
