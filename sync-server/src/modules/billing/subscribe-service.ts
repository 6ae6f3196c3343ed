import Stripe from 'stripe';
import { formatUsd, PRICES_CENTS } from '#core/plans/prices';
import type { ChargeHNSubscriptionRequest, ChargeHNSubscriptionResponse } from '#core/schemas/billing';
import { ApiError } from '../../http/api-error.ts';
import { declineMessage } from '../payments/charge-service.ts';
import { expireOpenCheckouts } from './checkout-service.ts';
import { ensureCustomer, type BillingDeps } from './customer.ts';
import { readPlanState } from './plan-state.ts';
import { proPriceId } from './price.ts';
import { liveSubscriptionOf, providerUnavailable } from './provider.ts';
import { releaseLease, takeLease } from './repo.ts';

/**
 * `POST /api/chargeHNSubscription` (/hnupgrade): the card becomes the plan's payment method and
 * the plan starts with its first payment taken at once. One live plan per person: the provider
 * is asked first (a webhook may still be on its way), under a short per-person lease so two
 * submits cannot both start one. The same checkout submitted again (the same device-made key)
 * is answered with the plan it started. The account turns Pro when the webhook confirms it.
 */

/** Long enough for the provider's calls; a crashed request's lease runs out by itself. */
const LEASE_SECONDS = 60;

const welcome = (): string => `Welcome to Pro! Your plan renews every month for ${formatUsd(PRICES_CENTS.proMonthly)}; a receipt is on its way by e-mail.`;

function cardRefused(error: Stripe.errors.StripeCardError): string {
  if (error.code === 'authentication_required' || error.code === 'subscription_payment_intent_requires_action') {
    return "Error: Your bank asks you to confirm this payment, which this form cannot do. No money was taken. Use 'Upgrade now' on the dashboard (a secure checkout that can), or try another card.";
  }
  return declineMessage(error.code, error.decline_code);
}

/** Starts the plan, or finds the one this same checkout started. */
async function startPlan(deps: BillingDeps, userId: string, customerId: string, request: ChargeHNSubscriptionRequest): Promise<void> {
  const stripe = deps.payments.client();
  const live = await liveSubscriptionOf(stripe, customerId);
  if (live !== null) {
    const started = (await stripe.subscriptions.retrieve(live.providerSubscriptionId)).metadata.idempotency_key;
    if (started === request.idempotencyKey) return;
    throw new ApiError('ALREADY_SUBSCRIBED', 'You already have Pro. Manage it from your account page.');
  }
  // A checkout left open in another tab must not start a second plan later.
  await expireOpenCheckouts(deps, userId);
  let method: Stripe.PaymentMethod;
  try {
    method = await stripe.paymentMethods.attach(request.paymentMethodId, { customer: customerId }, { idempotencyKey: `attach-${customerId}-${request.paymentMethodId}` });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    // The PaymentMethod id is unknown or cannot be used: the request's fault, not the card's.
    throw new ApiError('INVALID_REQUEST', 'Error: The card could not be used. No money was taken. Enter the card again.', { cause: error });
  }
  await stripe.subscriptions.create(
    {
      customer: customerId,
      items: [{ price: await proPriceId(stripe) }],
      default_payment_method: method.id,
      // The first payment succeeds or nothing starts: no half-made plan to clean up after a decline.
      payment_behavior: 'error_if_incomplete',
      metadata: { user_id: userId, idempotency_key: request.idempotencyKey },
    },
    { idempotencyKey: `subscribe-${userId}-${request.idempotencyKey}-${request.paymentMethodId}` },
  );
}

export async function chargeHNSubscription(deps: BillingDeps, userId: string, request: ChargeHNSubscriptionRequest): Promise<ChargeHNSubscriptionResponse> {
  const customerId = await ensureCustomer(deps, userId);
  if (!(await takeLease(deps.sql, userId, LEASE_SECONDS))) {
    throw new ApiError('CONFLICT', 'Your upgrade is already being processed. Wait a moment, then reload the page.');
  }
  try {
    await startPlan(deps, userId, customerId, request);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) return { success: false, status: 'failed', message: cardRefused(error) };
    if (error instanceof Stripe.errors.StripeIdempotencyError) {
      throw new ApiError('CONFLICT', 'This upgrade was already submitted differently. Reload the page to start again.', { cause: error });
    }
    throw providerUnavailable(error);
  } finally {
    await releaseLease(deps.sql, userId);
  }
  return { success: true, status: 'succeeded', message: welcome(), plan: await readPlanState(deps, userId) };
}
