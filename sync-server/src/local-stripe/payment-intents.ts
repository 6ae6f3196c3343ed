/** PaymentIntents: create, retrieve, list, confirm, cancel (automatic capture, cards only). */
import type Stripe from 'stripe';
import { findCustomer } from './customers.ts';
import { invalidRequest, noSuch, unexpectedState } from './errors.ts';
import { newId, randomToken } from './ids.ts';
import { listOf } from './list.ts';
import { attemptPayment, type AttemptContext } from './payment-attempt.ts';
import { resolvePaymentMethod } from './payment-methods.ts';
import { destinationParams } from './transfers.ts';
import {
  allowOnly,
  metadata,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  requiredString,
  stringList,
} from './params.ts';
import { json, type RequestContext, type Route } from './route.ts';
import type { LocalStripeStore } from './store.ts';

const CREATE_PARAMS = [
  'amount', 'currency', 'customer', 'payment_method', 'payment_method_types', 'allowed_payment_method_types',
  'confirm', 'return_url',
  'metadata', 'description', 'receipt_email', 'automatic_payment_methods', 'capture_method', 'statement_descriptor',
  'transfer_data', 'application_fee_amount', 'transfer_group', 'on_behalf_of',
];

export function findPaymentIntent(store: LocalStripeStore, id: string, param?: string): Stripe.PaymentIntent {
  const intent = store.paymentIntents.get(id);
  if (intent === undefined) throw noSuch('payment_intent', id, param);
  return intent;
}

type IntentFields = Pick<Stripe.PaymentIntent, 'amount' | 'currency' | 'customer' | 'description' | 'metadata' | 'payment_method'>;

/** A new PaymentIntent waiting for its payment method or its confirmation; `extra` sets anything else. */
export function newPaymentIntent(
  store: LocalStripeStore,
  fields: IntentFields,
  extra: Partial<Stripe.PaymentIntent> = {},
): Stripe.PaymentIntent {
  const id = newId('pi');
  return store.paymentIntents.put({
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${randomToken(24)}`,
    confirmation_method: 'automatic',
    created: store.nowSeconds(),
    customer_account: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    next_action: null,
    on_behalf_of: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: fields.payment_method === null ? 'requires_payment_method' : 'requires_confirmation',
    transfer_data: null,
    transfer_group: null,
    ...fields,
    ...extra,
  });
}

function readAmount(params: RequestContext['params'], currency: string): number {
  const amount = optionalInteger(params, 'amount');
  if (amount === undefined) throw invalidRequest('Missing required param: amount.', 'amount', 'parameter_missing');
  if (currency === 'usd' && amount < 50) {
    throw invalidRequest('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
  }
  if (amount > 99_999_999) throw invalidRequest('Amount must be no more than $999,999.99', 'amount', 'amount_too_large');
  return amount;
}

function confirmIntent(context: AttemptContext, intent: Stripe.PaymentIntent, params: RequestContext['params']): void {
  const given = optionalString(params, 'payment_method');
  const method =
    given !== undefined
      ? resolvePaymentMethod(context.store, given, 'payment_method')
      : typeof intent.payment_method === 'string'
        ? resolvePaymentMethod(context.store, intent.payment_method, 'payment_method')
        : undefined;
  if (method === undefined) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, " +
        'specify a payment method.',
      'payment_method',
      'payment_intent_unexpected_state',
    );
  }
  attemptPayment(context, intent, method, optionalString(params, 'return_url'));
}

function create(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, CREATE_PARAMS);
  const currency = requiredString(params, 'currency').toLowerCase();
  const amount = readAmount(params, currency);
  const customerId = optionalString(params, 'customer');
  if (customerId !== undefined) findCustomer(store, customerId, 'customer');
  const captureMethod = optionalString(params, 'capture_method') ?? 'automatic';
  if (captureMethod !== 'automatic' && captureMethod !== 'automatic_async') {
    throw invalidRequest('The local Stripe supports automatic capture only.', 'capture_method');
  }
  const methodId = optionalString(params, 'payment_method');
  const method = methodId === undefined ? undefined : resolvePaymentMethod(store, methodId, 'payment_method');
  const connect = destinationParams(store, params, amount);
  const confirm = optionalBoolean(params, 'confirm') ?? false;
  if (!confirm && optionalString(params, 'return_url') !== undefined) {
    throw invalidRequest('You can only pass return_url when confirm is true.', 'return_url');
  }
  const automatic = optionalObject(params, 'automatic_payment_methods');
  // `allowed_payment_method_types` in the SDK's API version; `payment_method_types` in older ones.
  const allowed = stringList(params, 'allowed_payment_method_types');
  const intent = newPaymentIntent(store, {
    amount,
    currency,
    customer: customerId ?? null,
    description: optionalString(params, 'description') ?? null,
    metadata: metadata(params),
    payment_method: method?.id ?? null,
  }, {
    allowed_payment_method_types: allowed ?? null,
    automatic_payment_methods:
      automatic === undefined ? null : { allow_redirects: 'always', enabled: automatic.enabled === 'true' },
    capture_method: captureMethod,
    payment_method_types: allowed ?? stringList(params, 'payment_method_types') ?? ['card'],
    receipt_email: optionalString(params, 'receipt_email') ?? null,
    statement_descriptor: optionalString(params, 'statement_descriptor') ?? null,
    ...connect,
  });
  context.events.record('payment_intent.created', intent, context);
  if (confirm) confirmIntent(context, intent, params);
  return json(intent);
}

const CANCELABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'];
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export const paymentIntentRoutes: readonly Route[] = [
  { method: 'POST', path: '/v1/payment_intents', handle: create },
  {
    method: 'GET',
    path: '/v1/payment_intents',
    handle: ({ store, params }) => json(listOf('/v1/payment_intents', store.paymentIntents.newestFirst(), params)),
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    handle: ({ store, pathParams }) => json(findPaymentIntent(store, pathParams.id ?? '')),
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/confirm',
    handle: (context) => {
      allowOnly(context.params, ['payment_method', 'return_url', 'receipt_email']);
      const intent = findPaymentIntent(context.store, context.pathParams.id ?? '');
      if (!CONFIRMABLE.includes(intent.status)) {
        throw unexpectedState(
          `This PaymentIntent's status is ${intent.status}, which does not allow it to be confirmed.`,
          'payment_intent_unexpected_state',
        );
      }
      confirmIntent(context, intent, context.params);
      return json(intent);
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/cancel',
    handle: (context) => {
      allowOnly(context.params, ['cancellation_reason']);
      const intent = findPaymentIntent(context.store, context.pathParams.id ?? '');
      if (!CANCELABLE.includes(intent.status)) {
        throw unexpectedState(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent ` +
            `with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
          'payment_intent_unexpected_state',
        );
      }
      Object.assign(intent, {
        status: 'canceled',
        canceled_at: context.store.nowSeconds(),
        cancellation_reason: optionalString(context.params, 'cancellation_reason') ?? null,
        next_action: null,
      } satisfies Partial<Stripe.PaymentIntent>);
      context.events.record('payment_intent.canceled', intent, context);
      return json(intent);
    },
  },
];
