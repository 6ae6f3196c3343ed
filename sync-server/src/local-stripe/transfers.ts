/**
 * Connect's money: a destination charge (`transfer_data[destination]`, optionally with
 * `application_fee_amount`) sends its amount to the connected account as a Transfer once it
 * succeeds, and the platform collects its application fee from that account. A refund with
 * `reverse_transfer` takes the refunded share back from the account (a transfer reversal), and
 * with `refund_application_fee` gives the share of the fee back to it.
 */
import type Stripe from 'stripe';
import { findAccount } from './accounts.ts';
import { invalidRequest, noSuch } from './errors.ts';
import type { EventSource } from './events.ts';
import { idOf, newId } from './ids.ts';
import { listOf } from './list.ts';
import { optionalInteger, optionalObject, optionalString } from './params.ts';
import type { AttemptContext } from './payment-attempt.ts';
import { json, type RequestContext, type Route } from './route.ts';
import type { LocalStripeStore } from './store.ts';

/** The id this service gives the platform's Connect application. */
const PLATFORM_APPLICATION = 'ca_local_memento';

export interface DestinationParams {
  readonly transfer_data: Stripe.PaymentIntent.TransferData | null;
  readonly application_fee_amount: number | null;
  readonly transfer_group: string | null;
  readonly on_behalf_of: string | null;
}

/** A PaymentIntent's Connect parameters, checked as Stripe checks them at creation. */
export function destinationParams(store: LocalStripeStore, params: RequestContext['params'], amount: number): DestinationParams {
  const transfer = optionalObject(params, 'transfer_data');
  const fee = optionalInteger(params, 'application_fee_amount');
  const onBehalfOf = optionalString(params, 'on_behalf_of');
  let transferData: Stripe.PaymentIntent.TransferData | null = null;
  if (transfer !== undefined) {
    const destination = transfer.destination;
    if (typeof destination !== 'string' || destination === '') {
      throw invalidRequest('Missing required param: transfer_data[destination].', 'transfer_data[destination]', 'parameter_missing');
    }
    const account = findAccount(store, destination, 'transfer_data[destination]');
    if (account.capabilities?.transfers !== 'active') {
      throw invalidRequest(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'transfer_data[destination]',
        'insufficient_capabilities_for_transfer',
      );
    }
    const transferAmount = typeof transfer.amount === 'string' ? Number(transfer.amount) : undefined;
    if (transferAmount !== undefined && (!Number.isSafeInteger(transferAmount) || transferAmount < 0 || transferAmount > amount)) {
      throw invalidRequest('transfer_data[amount] must be a whole number no more than the amount.', 'transfer_data[amount]');
    }
    transferData = { destination: account.id, ...(transferAmount === undefined ? {} : { amount: transferAmount }) };
  }
  if (onBehalfOf !== undefined) findAccount(store, onBehalfOf, 'on_behalf_of');
  if (fee !== undefined) {
    if (transferData === null && onBehalfOf === undefined) {
      throw invalidRequest(
        'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
        'application_fee_amount',
      );
    }
    if (fee > amount) throw invalidRequest('The application fee cannot be greater than the amount.', 'application_fee_amount');
  }
  return {
    transfer_data: transferData,
    application_fee_amount: fee ?? null,
    transfer_group: optionalString(params, 'transfer_group') ?? null,
    on_behalf_of: onBehalfOf ?? null,
  };
}

/** A succeeded destination charge: its transfer to the connected account, and the platform's fee. */
export function settleDestination(context: AttemptContext, intent: Stripe.PaymentIntent, charge: Stripe.Charge): void {
  const destination = idOf(intent.transfer_data?.destination);
  if (destination === null) return;
  const { store } = context;
  const transferId = newId('tr');
  const transfer: Stripe.Transfer = store.transfers.put({
    id: transferId,
    object: 'transfer',
    amount: intent.transfer_data?.amount ?? intent.amount,
    amount_reversed: 0,
    balance_transaction: null,
    created: store.nowSeconds(),
    currency: intent.currency,
    description: null,
    destination,
    livemode: false,
    metadata: {},
    reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${transferId}/reversals` },
    reversed: false,
    source_transaction: charge.id,
    transfer_group: intent.transfer_group ?? `group_${intent.id}`,
  });
  Object.assign(charge, {
    transfer: transfer.id,
    transfer_data: { amount: intent.transfer_data?.amount ?? null, destination },
    transfer_group: transfer.transfer_group,
    application_fee_amount: intent.application_fee_amount,
  } satisfies Partial<Stripe.Charge>);
  context.events.record('transfer.created', transfer, context);
  if (intent.application_fee_amount === null || intent.application_fee_amount === 0) return;
  const feeId = newId('fee');
  const fee: Stripe.ApplicationFee = store.applicationFees.put({
    id: feeId,
    object: 'application_fee',
    account: destination,
    amount: intent.application_fee_amount,
    amount_refunded: 0,
    application: PLATFORM_APPLICATION,
    balance_transaction: null,
    charge: charge.id,
    created: store.nowSeconds(),
    currency: intent.currency,
    fee_source: { charge: charge.id, type: 'charge' },
    livemode: false,
    originating_transaction: charge.id,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/application_fees/${feeId}/refunds` },
  });
  charge.application_fee = fee.id;
  context.events.record('application_fee.created', fee, context);
}

/** `share` of `total`, for `part` of `whole`: rounded, and all of it when `part` is all of `whole`. */
function proportion(total: number, part: number, whole: number): number {
  return part >= whole ? total : Math.round((total * part) / whole);
}

/**
 * What a refund of `amount` of `charge` does on the Connect side: the transfer reversal (its id),
 * and the application fee's refund. Checked before anything changes; the caller records the refund.
 */
export function reverseForRefund(
  context: { readonly store: LocalStripeStore; readonly events: AttemptContext['events'] } & EventSource,
  charge: Stripe.Charge,
  amount: number,
  options: { readonly reverseTransfer: boolean; readonly refundApplicationFee: boolean },
): { readonly reversal: string | null } {
  const { store } = context;
  const transferId = idOf(charge.transfer ?? null);
  const transfer = transferId === null ? undefined : store.transfers.get(transferId);
  if (options.reverseTransfer && transfer === undefined) {
    throw invalidRequest('This charge has no transfer to reverse: `reverse_transfer` is for destination charges.', 'reverse_transfer');
  }
  const feeId = idOf(charge.application_fee ?? null);
  const fee = feeId === null ? undefined : store.applicationFees.get(feeId);
  if (options.refundApplicationFee && fee === undefined) {
    throw invalidRequest('This charge has no application fee to refund.', 'refund_application_fee');
  }
  let reversalId: string | null = null;
  if (options.reverseTransfer && transfer !== undefined) {
    const reversed = Math.min(proportion(transfer.amount, charge.amount_refunded + amount, charge.amount) - transfer.amount_reversed, transfer.amount - transfer.amount_reversed);
    reversalId = newId('trr');
    const reversal: Stripe.TransferReversal = {
      id: reversalId,
      object: 'transfer_reversal',
      amount: reversed,
      balance_transaction: null,
      created: store.nowSeconds(),
      currency: transfer.currency,
      destination_payment_refund: null,
      metadata: {},
      source_refund: null,
      transfer: transfer.id,
    };
    transfer.reversals.data.unshift(reversal);
    transfer.amount_reversed += reversed;
    transfer.reversed = transfer.amount_reversed >= transfer.amount;
    context.events.record('transfer.reversed', transfer, context);
  }
  if (options.refundApplicationFee && fee !== undefined) {
    const refunded = Math.min(proportion(fee.amount, charge.amount_refunded + amount, charge.amount) - fee.amount_refunded, fee.amount - fee.amount_refunded);
    const feeRefund: Stripe.FeeRefund = {
      id: newId('fr'),
      object: 'fee_refund',
      amount: refunded,
      balance_transaction: null,
      created: store.nowSeconds(),
      currency: fee.currency,
      fee: fee.id,
      metadata: {},
    };
    fee.refunds.data.unshift(feeRefund);
    fee.amount_refunded += refunded;
    fee.refunded = fee.amount_refunded >= fee.amount;
    context.events.record('application_fee.refunded', fee, context);
  }
  return { reversal: reversalId };
}

function findTransfer(store: LocalStripeStore, id: string): Stripe.Transfer {
  const transfer = store.transfers.get(id);
  if (transfer === undefined) throw noSuch('transfer', id);
  return transfer;
}

export const transferRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/v1/transfers',
    handle: ({ store, params }) => {
      const destination = optionalString(params, 'destination');
      const rows = store.transfers.newestFirst().filter((transfer) => destination === undefined || idOf(transfer.destination) === destination);
      return json(listOf('/v1/transfers', rows, params));
    },
  },
  { method: 'GET', path: '/v1/transfers/:id', handle: ({ store, pathParams }) => json(findTransfer(store, pathParams.id ?? '')) },
  {
    method: 'GET',
    path: '/v1/transfers/:id/reversals',
    handle: ({ store, pathParams, params }) => {
      const transfer = findTransfer(store, pathParams.id ?? '');
      return json(listOf(`/v1/transfers/${transfer.id}/reversals`, transfer.reversals.data, params));
    },
  },
  {
    method: 'GET',
    path: '/v1/application_fees/:id',
    handle: ({ store, pathParams }) => {
      const fee = store.applicationFees.get(pathParams.id ?? '');
      if (fee === undefined) throw noSuch('application fee', pathParams.id ?? '');
      return json(fee);
    },
  },
];
