/** Charges: made by a PaymentIntent's attempt (succeeded or failed); retrievable. */
import type Stripe from 'stripe';
import { noSuch } from './errors.ts';
import { newId } from './ids.ts';
import { json, type Route } from './route.ts';
import type { LocalStripeStore } from './store.ts';
import type { CardOutcome } from './test-cards.ts';

export interface ChargeFailure {
  readonly code: string;
  readonly declineCode: string;
  readonly message: string;
}

function outcomeOf(failure: ChargeFailure | undefined): Stripe.Charge.Outcome {
  const base = { advice_code: null, network_advice_code: null, network_decline_code: null, rule: undefined };
  return failure === undefined
    ? {
        ...base,
        network_status: 'approved_by_network',
        reason: null,
        risk_level: 'normal',
        risk_score: 20,
        seller_message: 'Payment complete.',
        type: 'authorized',
      }
    : {
        ...base,
        network_status: 'declined_by_network',
        reason: failure.declineCode,
        risk_level: 'normal',
        risk_score: 20,
        seller_message: 'The bank did not return any further details with this decline.',
        type: 'issuer_declined',
      };
}

export function createCharge(
  store: LocalStripeStore,
  intent: Stripe.PaymentIntent,
  method: Stripe.PaymentMethod,
  failure: ChargeFailure | undefined,
): Stripe.Charge {
  const succeeded = failure === undefined;
  const id = newId('ch');
  return store.charges.put({
    id,
    object: 'charge',
    amount: intent.amount,
    amount_captured: succeeded ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { ...method.billing_details },
    calculated_statement_descriptor: 'MEMENTO (LOCAL TEST)',
    captured: succeeded,
    created: store.nowSeconds(),
    currency: intent.currency,
    customer: typeof intent.customer === 'string' ? intent.customer : null,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: outcomeOf(failure),
    paid: succeeded,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: null,
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: succeeded ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  });
}

/** Stripe's words for each declining test card. */
export function failureFor(outcome: CardOutcome): ChargeFailure | undefined {
  if (outcome.kind !== 'declined') return undefined;
  return outcome.declineCode === 'insufficient_funds'
    ? { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' }
    : { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };
}

export function findCharge(store: LocalStripeStore, id: string, param?: string): Stripe.Charge {
  const charge = store.charges.get(id);
  if (charge === undefined) throw noSuch('charge', id, param);
  return charge;
}

export const chargeRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/v1/charges/:id',
    handle: ({ store, pathParams }) => json(findCharge(store, pathParams.id ?? '')),
  },
];
