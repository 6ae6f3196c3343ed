import Stripe from 'stripe';
import { CURRENCY, formatUsd } from '#core/plans/prices';
import type { ChargeRequest, ChargeResponse, OrderStatus } from '#core/schemas/payments';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Payments } from '../../providers/stripe.ts';
import { mintDownloadToken } from '../human-sounds/download-token.ts';
import { PRODUCTS, termsOf, type ChargeTerms, type OneTimeProduct } from './products.ts';
import { findOrder, recordAttempt, upsertOrder, type OrderRow, type StoredOrderStatus } from './repo.ts';

/**
 * The one-time charge (`POST /api/charge` for THE PASS, `POST /api/chargeHumanSounds` for the
 * sound library): one order per device-made idempotency key, one PaymentIntent per order and
 * card (Stripe's own idempotency key is derived from both, so a double click or a resubmit after
 * a lost answer charges once, and another card after a decline is a new attempt). The amount
 * comes from the product's terms (`pwa/core/plans`), never from the request. The answer only
 * reports the provider's state: fulfilment runs from the verified webhook (webhook-service).
 */

export interface ChargeDeps {
  readonly sql: Sql;
  readonly payments: Payments;
}

export interface ChargeInput {
  readonly request: ChargeRequest;
  readonly userId: string | null;
  /** This app's origin as the buyer reaches it, for the return from authentication. */
  readonly appOrigin: string;
}

const NO_MONEY = 'No money was taken.';

/** Words for a card the bank refused: what happened and what to do. */
export function declineMessage(code: string | undefined, declineCode: string | undefined): string {
  if (declineCode === 'insufficient_funds') {
    return `Error: The card was declined for insufficient funds. ${NO_MONEY} Try another card.`;
  }
  switch (code) {
    case 'expired_card':
      return `Error: The card has expired. ${NO_MONEY} Try another card.`;
    case 'incorrect_cvc':
    case 'invalid_cvc':
      return `Error: The card's security code is incorrect. ${NO_MONEY} Check it and try again.`;
    case 'incorrect_number':
    case 'invalid_number':
      return `Error: The card number is incorrect. ${NO_MONEY} Check it and try again.`;
    case 'authentication_required':
    case 'payment_intent_authentication_failure':
      return `Error: The bank could not confirm the payment. ${NO_MONEY} Try again, or try another card.`;
    default:
      return `Error: The card was declined. ${NO_MONEY} Try another card, or ask your bank why.`;
  }
}

function returnUrl(appOrigin: string, terms: ChargeTerms, order: OrderRow): string {
  const url = new URL(terms.checkoutPath, appOrigin);
  url.searchParams.set('order', order.id);
  return url.href;
}

/**
 * A paid order's answer. A product with downloads gets a new token in every such answer: only the
 * holder of the order's idempotency key (the buyer's device) is ever given one.
 */
async function succeeded(deps: ChargeDeps, terms: ChargeTerms, order: OrderRow): Promise<ChargeResponse> {
  const answer: ChargeResponse = { success: true, status: 'succeeded', orderId: order.id, message: terms.successMessage(order.email) };
  return terms.downloads ? { ...answer, downloadToken: await mintDownloadToken(deps.sql, order.id) } : answer;
}

/** The browser's view of a PaymentIntent of this order. */
async function fromIntent(deps: ChargeDeps, terms: ChargeTerms, appOrigin: string, order: OrderRow, intent: Stripe.PaymentIntent): Promise<ChargeResponse> {
  switch (intent.status) {
    case 'succeeded':
      return succeeded(deps, terms, order);
    case 'requires_action': {
      const pageUrl = intent.next_action?.redirect_to_url?.url ?? undefined;
      const nextActionUrl = pageUrl === undefined ? undefined : deps.payments.pageUrl(pageUrl, appOrigin);
      return {
        success: false,
        status: 'requires_action',
        orderId: order.id,
        message: 'Your bank asks you to confirm this payment. Continue to your bank to finish.',
        ...(nextActionUrl === undefined ? {} : { nextActionUrl }),
      };
    }
    case 'processing':
      return { success: false, status: 'processing', orderId: order.id, message: 'The payment is being processed. This page will show the result.' };
    default: {
      const error = intent.last_payment_error;
      return { success: false, status: 'failed', orderId: order.id, message: declineMessage(error?.code, error?.decline_code) };
    }
  }
}

function outcomeOf(status: Stripe.PaymentIntent.Status): 'requires_action' | 'failed' | null {
  if (status === 'requires_action') return 'requires_action';
  if (status === 'requires_payment_method' || status === 'canceled') return 'failed';
  return null;
}

/** Provider errors that are not the card's: unreachable, or its own failure. */
function providerUnavailable(error: unknown): ApiError {
  return new ApiError('UNAVAILABLE', 'Error: The payment service cannot be reached right now. No money was taken. Try again in a few minutes.', {
    cause: error,
  });
}

/**
 * The order's last attempt, when it may still take (or has taken) the money: succeeded or
 * processing at the provider while its webhook is on the way. A resubmit after a lost answer may
 * carry a PaymentMethod made from the card typed again, which the provider would charge as a new
 * payment; such an answer reports the earlier attempt instead. An attempt still waiting for the
 * bank is reported when the same card comes again, and cancelled first when another card does, so
 * the new card is the only one that can pay; if the bank confirmed it
 * meanwhile, the cancel is refused and that payment is reported. Null: a new attempt may start.
 */
async function earlierAttempt(deps: ChargeDeps, order: OrderRow, paymentMethodId: string): Promise<Stripe.PaymentIntent | null> {
  if (order.providerId === null || (order.status !== 'pending' && order.status !== 'requires_action')) return null;
  const intents = deps.payments.client().paymentIntents;
  try {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await intents.retrieve(order.providerId);
    } catch (error) {
      // The provider does not know it (the local Stripe keeps nothing across a restart): it cannot take money.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw error;
    }
    if (intent.status === 'succeeded' || intent.status === 'processing') return intent;
    if (intent.status !== 'requires_action' && intent.status !== 'requires_confirmation') return null;
    // The same card again (a resubmit of the same attempt): it is still the one the bank is checking.
    const method = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
    if (method === paymentMethodId) return intent;
    try {
      await intents.cancel(intent.id);
      return null;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      // Not cancellable any more: the bank answered in between. Report where it stands now.
      const now = await intents.retrieve(intent.id);
      return now.status === 'succeeded' || now.status === 'processing' ? now : null;
    }
  } catch (error) {
    throw providerUnavailable(error);
  }
}

export async function chargeProduct(deps: ChargeDeps, product: OneTimeProduct, input: ChargeInput): Promise<ChargeResponse> {
  return chargeWithTerms(deps, PRODUCTS[product], input);
}

/** The one charge, for anything sold on these terms (a product above, an expert's hour). */
export async function chargeWithTerms(deps: ChargeDeps, terms: ChargeTerms, input: ChargeInput): Promise<ChargeResponse> {
  const { request } = input;
  const order = await upsertOrder(deps.sql, {
    kind: terms.kind,
    amountCents: terms.amountCents,
    currency: CURRENCY,
    email: request.email,
    name: request.name,
    userId: input.userId,
    provider: deps.payments.mode,
    idempotencyKey: request.idempotencyKey,
    expertId: terms.expertId ?? null,
  });
  if (order.kind !== terms.kind || order.expertId !== (terms.expertId ?? null)) {
    throw new ApiError('CONFLICT', 'This idempotency key belongs to another purchase. Reload the page to start a new checkout.');
  }
  if (order.status === 'succeeded') return succeeded(deps, terms, order);
  if (order.status === 'refunded') {
    return { success: false, status: 'refunded', orderId: order.id, message: 'This order was refunded. Reload the page to buy again.' };
  }

  const earlier = await earlierAttempt(deps, order, request.paymentMethodId);
  if (earlier !== null) return fromIntent(deps, terms, input.appOrigin, order, earlier);

  let intent: Stripe.PaymentIntent;
  try {
    intent = await deps.payments.client().paymentIntents.create(
      {
        amount: order.amountCents,
        currency: order.currency,
        payment_method: request.paymentMethodId,
        confirm: true,
        return_url: returnUrl(input.appOrigin, terms, order),
        description: terms.description,
        ...(order.email === null ? {} : { receipt_email: order.email }),
        metadata: { order_id: order.id, kind: order.kind },
        ...terms.intentParams?.(order),
      },
      { idempotencyKey: `order_${order.id}_${request.paymentMethodId}` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      await recordAttempt(deps.sql, order.id, error.payment_intent?.id ?? null, 'failed');
      return { success: false, status: 'failed', orderId: order.id, message: declineMessage(error.code, error.decline_code) };
    }
    if (error instanceof Stripe.errors.StripeIdempotencyError) {
      throw new ApiError('CONFLICT', 'This checkout was already submitted differently. Reload the page to start again.', { cause: error });
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      // The PaymentMethod id is unknown or cannot be used: the request's fault, not the card's.
      throw new ApiError('INVALID_REQUEST', 'Error: The card could not be used. No money was taken. Enter the card again.', { cause: error });
    }
    throw providerUnavailable(error);
  }
  await recordAttempt(deps.sql, order.id, intent.id, outcomeOf(intent.status));
  return fromIntent(deps, terms, input.appOrigin, order, intent);
}

const STATUS_OF: Readonly<Record<StoredOrderStatus, OrderStatus>> = {
  pending: 'processing',
  requires_action: 'requires_action',
  succeeded: 'succeeded',
  failed: 'failed',
  refunded: 'refunded',
};

/**
 * `GET /api/orders/:id?key=…`: where an order stands, for the checkout coming back from the
 * bank's page. The stored state when final; while the webhook is on its way, the provider's
 * current state of the attempt (reported, not fulfilled).
 */
export async function orderState(
  deps: ChargeDeps,
  id: string,
  idempotencyKey: string,
  appOrigin: string,
  // Orders of other kinds (an expert's hour) are read by their own routes, with their own terms.
  termsFor: (order: OrderRow) => Promise<ChargeTerms | null> = (order) => Promise.resolve(termsOf(order.kind)),
): Promise<ChargeResponse> {
  const order = await findOrder(deps.sql, id, idempotencyKey);
  const terms = order === null ? null : await termsFor(order);
  if (order === null || terms === null) throw new ApiError('NOT_FOUND', 'No such order.');
  if (order.status === 'succeeded') return succeeded(deps, terms, order);
  // Not final yet, or failed while another card may have been tried since: the provider knows best.
  if ((order.status === 'pending' || order.status === 'requires_action' || order.status === 'failed') && order.providerId !== null) {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await deps.payments.client().paymentIntents.retrieve(order.providerId);
    } catch (error) {
      throw providerUnavailable(error);
    }
    return fromIntent(deps, terms, appOrigin, order, intent);
  }
  const status = STATUS_OF[order.status];
  const messages: Readonly<Record<OrderStatus, string>> = {
    processing: 'The payment has not been made yet.',
    requires_action: 'Your bank asks you to confirm this payment.',
    succeeded: '',
    failed: `Error: The payment did not go through. ${NO_MONEY} Try another card.`,
    refunded: `This order was refunded (${formatUsd(order.amountCents)}).`,
  };
  return { success: false, status, orderId: order.id, message: messages[status] };
}
