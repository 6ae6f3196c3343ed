/**
 * Refunds of a succeeded payment, full or partial, never beyond what was charged. Retrying a
 * refund safely is the idempotency key's job (as with Stripe): the same key replays the first
 * refund instead of making a second one.
 */
import type Stripe from 'stripe';
import { findCharge } from './charges.ts';
import { invalidRequest, noSuch } from './errors.ts';
import { newId } from './ids.ts';
import { allowOnly, metadata, optionalBoolean, optionalInteger, optionalString } from './params.ts';
import { findPaymentIntent } from './payment-intents.ts';
import { json, type RequestContext, type Route } from './route.ts';
import { reverseForRefund } from './transfers.ts';

const REASONS: readonly Stripe.Refund.Reason[] = ['duplicate', 'fraudulent', 'requested_by_customer'];

function chargeToRefund(context: RequestContext): Stripe.Charge {
  const { params, store } = context;
  const intentId = optionalString(params, 'payment_intent');
  const chargeId = optionalString(params, 'charge');
  if (intentId === undefined && chargeId === undefined) {
    throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.');
  }
  if (chargeId !== undefined) return findCharge(store, chargeId, 'charge');
  const intent = findPaymentIntent(store, intentId ?? '', 'payment_intent');
  const latest = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
  if (intent.status !== 'succeeded' || latest === undefined) {
    throw invalidRequest(
      `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      'payment_intent',
      'charge_not_refundable',
    );
  }
  return findCharge(store, latest);
}

function create(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'reverse_transfer', 'refund_application_fee']);
  const charge = chargeToRefund(context);
  if (charge.status !== 'succeeded') {
    throw invalidRequest(`Charge ${charge.id} has not succeeded; there is nothing to refund.`, 'charge');
  }
  const remaining = charge.amount_captured - charge.amount_refunded;
  if (remaining <= 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  }
  const amount = optionalInteger(params, 'amount') ?? remaining;
  if (amount < 1) throw invalidRequest('Refund amount must be positive.', 'amount');
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      'amount',
      'amount_too_large',
    );
  }
  const givenReason = optionalString(params, 'reason');
  const reason = REASONS.find((known) => known === givenReason) ?? null;
  if (givenReason !== undefined && reason === null) throw invalidRequest(`Invalid reason: ${givenReason}`, 'reason');
  const { reversal } = reverseForRefund(context, charge, amount, {
    reverseTransfer: optionalBoolean(params, 'reverse_transfer') ?? false,
    refundApplicationFee: optionalBoolean(params, 'refund_application_fee') ?? false,
  });
  const refund: Stripe.Refund = store.refunds.put({
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: store.nowSeconds(),
    currency: charge.currency,
    customer: typeof charge.customer === 'string' ? charge.customer : null,
    customer_account: null,
    metadata: metadata(params),
    payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
    payment_method: charge.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: reversal,
  });
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded >= charge.amount_captured;
  context.events.record('refund.created', refund, context);
  context.events.record('charge.refunded', charge, context);
  return json(refund);
}

export const refundRoutes: readonly Route[] = [
  { method: 'POST', path: '/v1/refunds', handle: create },
  {
    method: 'GET',
    path: '/v1/refunds/:id',
    handle: ({ store, pathParams }) => {
      const refund = store.refunds.get(pathParams.id ?? '');
      if (refund === undefined) throw noSuch('refund', pathParams.id ?? '');
      return json(refund);
    },
  },
];
