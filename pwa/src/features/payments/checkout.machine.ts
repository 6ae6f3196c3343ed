import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { buyerEmailSchema, buyerNameSchema, type ChargeRequest, type ChargeResponse, type OrderStatus } from '#core/schemas/payments';
import { asksForEmail, charge, type CheckoutProduct } from './data/charge';
import { getOrder, type OrderReply } from './data/get-order';
import { authenticationReturnUrl, openAuthentication } from './data/open-authentication';
import { forgetIdempotencyKey, replaceIdempotencyKey } from './data/idempotency-key';
import { declinedMessage, failureMessage, MESSAGES } from './checkout-messages';

/**
 * One payment, for every checkout (the pass, the sound library, and the first month of Pro from
 * /hnupgrade, whose form has no e-mail field: see `asksForEmail`): check the form, turn
 * the card into a PaymentMethod, charge it, let the bank authenticate the buyer when it asks,
 * and end succeeded or failed. Every side effect is a named actor or action, so tests run it
 * headless with `.provide()`; the screen asks `hasTag('busy')` and `can({ type: 'SUBMIT', … })`.
 *
 * The idempotency key comes in with the input (made when the checkout opened) and is kept for
 * every retry whose outcome is unknown (a lost answer), so the server charges once; it is
 * replaced only after the server said the payment definitely did not happen, and forgotten after
 * a success.
 */

export interface Buyer {
  readonly name: string;
  readonly email: string;
}

/** Turns the card in the card field into a PaymentMethod id (the card field makes it). */
export type Tokenize = (buyer: Buyer) => Promise<string>;

export interface CheckoutInput {
  readonly product: CheckoutProduct;
  readonly idempotencyKey: string;
  readonly online: boolean;
  /** An order whose authentication this page came back from (same-window flow): poll it. */
  readonly resumeOrderId?: string | null;
}

export interface FieldErrors {
  readonly name?: string;
  readonly email?: string;
}

export type CheckoutEvent =
  /** Pay. `tokenize`: the card field's, null while it holds no complete, valid card (it shows its own problems). */
  | { readonly type: 'SUBMIT'; readonly buyer: Buyer; readonly tokenize: Tokenize | null }
  /** The card changed: the PaymentMethod made from the old one is not used again. */
  | { readonly type: 'CARD_CHANGED' }
  | { readonly type: 'CONNECTION'; readonly online: boolean };

export interface CheckoutContext {
  readonly product: CheckoutProduct;
  readonly idempotencyKey: string;
  readonly online: boolean;
  readonly buyer: Buyer;
  readonly tokenize: Tokenize | null;
  readonly fieldErrors: FieldErrors;
  /** Made from the card for this attempt; reused by a retry until the card changes. */
  readonly paymentMethodId: string | null;
  readonly orderId: string | null;
  readonly nextActionUrl: string | null;
  /** 'Error: …' once an attempt failed. */
  readonly error: string | null;
  /** The server's answer that said the payment succeeded (a sound library's carries its download token). */
  readonly reply: ChargeResponse | null;
}

/** How often the order is asked about while the bank authenticates the buyer. */
export const POLL_INTERVAL_MS = 2_000;
/** How long the bank's check may take before the page stops waiting (the buyer may retry). */
export const AUTHENTICATION_TIMEOUT_MS = 10 * 60_000;

/** The buyer's fields checked with the charge request's own schemas; the e-mail only when asked for. */
export function validateBuyer(buyer: Buyer, withEmail = true): FieldErrors {
  const name = buyerNameSchema.safeParse(buyer.name);
  const email = withEmail ? buyerEmailSchema.safeParse(buyer.email) : { success: true as const };
  return {
    ...(name.success ? {} : { name: name.error.issues[0]?.message ?? 'Enter your name' }),
    ...(email.success ? {} : { email: email.error.issues[0]?.message ?? 'Enter your e-mail address' }),
  };
}

function known<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`${what} is not known yet`);
  return value;
}

const isFinal = (status: OrderStatus) => status === 'succeeded' || status === 'failed' || status === 'refunded';

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Through the card field's own maker (the local Stripe, or Stripe.js's Payment Element). */
    createPaymentMethod: fromPromise<string, { buyer: Buyer; tokenize: Tokenize }>(({ input }) => input.tokenize(input.buyer)),
    charge: fromPromise<ChargeResponse, { product: CheckoutProduct; request: ChargeRequest }>(({ input }) =>
      charge(input.product, input.request),
    ),
    pollOrder: fromPromise<OrderReply, { orderId: string; idempotencyKey: string }>(({ input }) =>
      getOrder(input.orderId, input.idempotencyKey),
    ),
  },
  guards: {
    isOffline: ({ context }) => !context.online,
    formInvalid: ({ context }) => context.tokenize === null || Object.keys(context.fieldErrors).length > 0,
    hasPaymentMethod: ({ context }) => context.paymentMethodId !== null,
    resuming: (_, params: { orderId: string | null | undefined }) => typeof params.orderId === 'string' && params.orderId !== '',
    charged: (_, params: { reply: ChargeResponse }) => params.reply.success && (params.reply.status ?? 'succeeded') === 'succeeded',
    // Not paid yet (`success` is false: the server keeps it for a payment made), but not refused
    // either: the bank asks the buyer to confirm, or the answer is on its way.
    needsAuthentication: (_, params: { reply: ChargeResponse }) =>
      (params.reply.status === 'requires_action' || params.reply.status === 'processing') && params.reply.orderId !== undefined,
    statusIs: (_, params: { status: OrderStatus; expected: OrderStatus }) => params.status === params.expected,
    statusIsFinal: (_, params: { status: OrderStatus }) => isFinal(params.status),
  },
  actions: {
    rememberConnection: assign((_, params: { online: boolean }) => ({ online: params.online })),
    rememberBuyer: assign(({ context }, params: { buyer: Buyer; tokenize: Tokenize | null }) => ({
      buyer: params.buyer,
      tokenize: params.tokenize,
      fieldErrors: validateBuyer(params.buyer, asksForEmail(context.product)),
    })),
    forgetPaymentMethod: assign({ paymentMethodId: null }),
    rememberPaymentMethod: assign((_, params: { id: string }) => ({ paymentMethodId: params.id })),
    rememberOrder: assign((_, params: { reply: ChargeResponse }) => ({
      orderId: params.reply.orderId ?? null,
      nextActionUrl: params.reply.nextActionUrl ?? null,
    })),
    clearError: assign({ error: null }),
    /** Kept for the screen: where to go next may depend on it (the thank-you page's token). */
    rememberReply: assign((_, params: { reply: ChargeResponse }) => ({ reply: params.reply })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    /** Opens the bank's check: a new window, or this one with a return address. */
    openAuthentication: (_, params: { url: string | null; orderId: string | null }) => {
      if (params.url !== null && params.orderId !== null) openAuthentication(params.url, authenticationReturnUrl(params.orderId));
    },
    /** The payment definitely did not happen: the next attempt is a new order with a new key. */
    renewKey: assign(({ context }) => ({ idempotencyKey: replaceIdempotencyKey(context.product), paymentMethodId: null })),
    forgetKey: ({ context }) => {
      forgetIdempotencyKey(context.product);
    },
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
    authenticationTimeout: AUTHENTICATION_TIMEOUT_MS,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    product: input.product,
    idempotencyKey: input.idempotencyKey,
    online: input.online,
    buyer: { name: '', email: '' },
    tokenize: null,
    fieldErrors: {},
    paymentMethodId: null,
    orderId: input.resumeOrderId ?? null,
    nextActionUrl: null,
    error: null,
    reply: null,
  }),
  initial: 'opening',
  on: {
    CONNECTION: { actions: { type: 'rememberConnection', params: ({ event }) => ({ online: event.online }) } },
    CARD_CHANGED: { actions: 'forgetPaymentMethod' },
  },
  states: {
    opening: {
      always: [
        {
          guard: { type: 'resuming', params: ({ context }) => ({ orderId: context.orderId }) },
          target: 'authenticating.polling',
        },
        { target: 'idle' },
      ],
    },
    idle: {
      on: {
        SUBMIT: {
          target: 'validating',
          actions: { type: 'rememberBuyer', params: ({ event }) => ({ buyer: event.buyer, tokenize: event.tokenize }) },
        },
      },
    },
    validating: {
      always: [
        { guard: 'formInvalid', target: 'idle' },
        { guard: 'isOffline', target: 'failed', actions: { type: 'fail', params: { message: MESSAGES.offline } } },
        { target: 'submitting', actions: 'clearError' },
      ],
    },
    submitting: {
      tags: 'busy',
      initial: 'start',
      states: {
        start: {
          always: [{ guard: 'hasPaymentMethod', target: 'charging' }, { target: 'tokenizing' }],
        },
        tokenizing: {
          invoke: {
            src: 'createPaymentMethod',
            input: ({ context }) => ({ buyer: context.buyer, tokenize: known(context.tokenize, 'The card') }),
            onDone: {
              target: 'charging',
              actions: { type: 'rememberPaymentMethod', params: ({ event }) => ({ id: event.output }) },
            },
            onError: {
              target: '#checkout.failed',
              actions: { type: 'fail', params: ({ event }) => ({ message: failureMessage(event.error) }) },
            },
          },
        },
        charging: {
          invoke: {
            src: 'charge',
            input: ({ context }) => ({
              product: context.product,
              request: {
                name: context.buyer.name.trim(),
                email: context.buyer.email.trim(),
                paymentMethodId: known(context.paymentMethodId, 'The PaymentMethod'),
                idempotencyKey: context.idempotencyKey,
              },
            }),
            onDone: [
              {
                guard: { type: 'charged', params: ({ event }) => ({ reply: event.output }) },
                target: '#checkout.succeeded',
                actions: { type: 'rememberReply', params: ({ event }) => ({ reply: event.output }) },
              },
              {
                guard: { type: 'needsAuthentication', params: ({ event }) => ({ reply: event.output }) },
                target: '#checkout.authenticating',
                actions: { type: 'rememberOrder', params: ({ event }) => ({ reply: event.output }) },
              },
              {
                // The server said no: nothing was charged, so the next attempt is a new order.
                target: '#checkout.failed',
                actions: [{ type: 'fail', params: ({ event }) => ({ message: declinedMessage(event.output.message) }) }, 'renewKey'],
              },
            ],
            // The answer was lost or unreadable: the outcome is unknown, so the key is kept.
            onError: {
              target: '#checkout.failed',
              actions: { type: 'fail', params: ({ event }) => ({ message: failureMessage(event.error) }) },
            },
          },
        },
      },
    },
    authenticating: {
      tags: 'busy',
      initial: 'opening',
      after: {
        authenticationTimeout: { target: 'failed', actions: { type: 'fail', params: { message: MESSAGES.authenticationTimedOut } } },
      },
      states: {
        opening: {
          entry: {
            type: 'openAuthentication',
            params: ({ context }) => ({ url: context.nextActionUrl, orderId: context.orderId }),
          },
          always: { target: 'waiting' },
        },
        waiting: {
          after: { pollInterval: { target: 'polling' } },
        },
        polling: {
          invoke: {
            src: 'pollOrder',
            input: ({ context }) => ({ orderId: known(context.orderId, 'The order'), idempotencyKey: context.idempotencyKey }),
            onDone: [
              {
                guard: { type: 'statusIs', params: ({ event }) => ({ status: event.output.status, expected: 'succeeded' }) },
                target: '#checkout.succeeded',
                actions: { type: 'rememberReply', params: ({ event }) => ({ reply: event.output }) },
              },
              {
                guard: { type: 'statusIsFinal', params: ({ event }) => ({ status: event.output.status }) },
                target: '#checkout.failed',
                actions: [{ type: 'fail', params: { message: MESSAGES.authenticationFailed } }, 'renewKey'],
              },
              { target: 'waiting' },
            ],
            // A poll that gets no answer is asked again; the time limit above ends the wait.
            onError: { target: 'waiting' },
          },
        },
      },
    },
    succeeded: {
      type: 'final',
      entry: 'forgetKey',
    },
    failed: {
      on: {
        SUBMIT: {
          target: 'validating',
          actions: { type: 'rememberBuyer', params: ({ event }) => ({ buyer: event.buyer, tokenize: event.tokenize }) },
        },
      },
    },
  },
});

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;
export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
