// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ChargeRequest, ChargeResponse, OrderStatus } from '#core/schemas/payments';
import { ApiError } from '../../lib/api-client';
import { CardError } from './data/create-payment-method';
import type { CheckoutProduct } from './data/charge';
import type { OrderReply } from './data/get-order';
import { AUTHENTICATION_TIMEOUT_MS, POLL_INTERVAL_MS, checkoutMachine, type CheckoutActor } from './checkout.machine';

/**
 * The checkout machine, headless: every actor and storage action replaced through .provide(),
 * and XState's SimulatedClock driving the polling while the bank authenticates the buyer.
 */

const KEY = 'key_0123456789abcdef';
const BUYER = { name: 'Ada', email: 'ada@example.com' };
/** The card field's maker; the createPaymentMethod actor is replaced below, so it is not called. */
const CARD = () => Promise.resolve('pm_card');
const SUBMIT = { type: 'SUBMIT', buyer: BUYER, tokenize: CARD } as const;

/** `GET /api/orders/:id` as the server answers it for an order in this state. */
function order(status: OrderStatus, extra: Partial<OrderReply> = {}): OrderReply {
  return { success: status === 'succeeded', message: '', status, orderId: 'ord_9', ...extra };
}

interface World {
  tokenize: () => Promise<string>;
  charge: (request: ChargeRequest) => Promise<ChargeResponse>;
  poll: () => Promise<OrderReply>;
}

function start(
  world: Partial<World> = {},
  input: { online?: boolean; resumeOrderId?: string; product?: CheckoutProduct } = {},
) {
  const calls: string[] = [];
  const charges: ChargeRequest[] = [];
  const opened: (string | null)[] = [];
  const polled: { orderId: string; idempotencyKey: string }[] = [];
  const w: World = {
    tokenize: () => Promise.resolve('pm_1'),
    charge: () => Promise.resolve({ success: true, message: 'Paid', status: 'succeeded', orderId: 'ord_1' }),
    poll: () => Promise.resolve(order('succeeded')),
    ...world,
  };
  const machine = checkoutMachine.provide({
    actors: {
      createPaymentMethod: fromPromise(() => {
        calls.push('createPaymentMethod');
        return w.tokenize();
      }),
      charge: fromPromise(({ input }: { input: { product: CheckoutProduct; request: ChargeRequest } }) => {
        calls.push('charge');
        charges.push(input.request);
        return w.charge(input.request);
      }),
      pollOrder: fromPromise(({ input }: { input: { orderId: string; idempotencyKey: string } }) => {
        calls.push('pollOrder');
        polled.push(input);
        return w.poll();
      }),
    },
    actions: {
      openAuthentication: (_, params: { url: string | null; orderId: string | null }) => {
        opened.push(params.url);
      },
      // The real ones write sessionStorage.
      renewKey: () => {
        calls.push('renewKey');
      },
      forgetKey: () => {
        calls.push('forgetKey');
      },
    },
  });
  const clock = new SimulatedClock();
  const actor: CheckoutActor = createActor(machine, {
    input: { product: input.product ?? 'pass', idempotencyKey: KEY, online: input.online ?? true, resumeOrderId: input.resumeOrderId ?? null },
    clock,
  });
  actor.start();
  return { actor, clock, calls, charges, opened, polled };
}

/** Lets settled promises deliver their results to the actor. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('checkoutMachine', () => {
  it('pays: tokenizes the card, charges it with the key and forgets the key', async () => {
    const { actor, calls, charges } = start();
    actor.send(SUBMIT);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(calls).toEqual(['createPaymentMethod', 'charge', 'forgetKey']);
    expect(charges).toEqual([{ ...BUYER, paymentMethodId: 'pm_1', idempotencyKey: KEY }]);
  });

  it('stays idle with a message per field when the name or e-mail is missing or the card is not ready', () => {
    const { actor, calls } = start();
    actor.send({ type: 'SUBMIT', buyer: { name: ' ', email: 'nope' }, tokenize: CARD });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      name: 'Enter your name',
      email: 'Enter an e-mail address like name@example.com',
    });
    actor.send({ ...SUBMIT, tokenize: null });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(calls).toEqual([]);
  });

  it('shows the decline in words, ends the spinner, and makes a new key for the next attempt', async () => {
    const { actor, calls } = start({
      charge: () => Promise.resolve({ success: false, message: 'Your card was declined.', status: 'failed' }),
    });
    actor.send(SUBMIT);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.error).toBe('Error: Your card was declined. Check the card details, or use another card.');
    expect(calls).toContain('renewKey');
  });

  it('shows a refused card from the card check with what to do', async () => {
    const { actor, calls } = start({ tokenize: () => Promise.reject(new CardError('Your card number is incorrect.', 'incorrect_number')) });
    actor.send(SUBMIT);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Error: Your card number is incorrect. Check the card details and try again.');
    expect(calls).toEqual(['createPaymentMethod']);
  });

  it('opens the bank check, polls the order until it succeeds', async () => {
    const statuses: OrderStatus[] = ['requires_action', 'succeeded'];
    const { actor, clock, calls, opened } = start({
      charge: () =>
        Promise.resolve({ success: false, message: 'Your bank asks you to confirm this payment.', status: 'requires_action', orderId: 'ord_9', nextActionUrl: '/v1/auth/x' }),
      poll: () => Promise.resolve(order(statuses.shift() ?? 'succeeded')),
    });
    actor.send(SUBMIT);
    await waitFor(actor, (s) => s.matches({ authenticating: 'waiting' }));
    expect(opened).toEqual(['/v1/auth/x']);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    clock.increment(POLL_INTERVAL_MS);
    await settle();
    expect(actor.getSnapshot().matches({ authenticating: 'waiting' })).toBe(true);
    clock.increment(POLL_INTERVAL_MS);
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(calls.filter((call) => call === 'pollOrder')).toHaveLength(2);
  });

  it('fails with what to do when the bank check fails', async () => {
    const { actor, clock, calls } = start({
      charge: () =>
        Promise.resolve({ success: false, message: 'Your bank asks you to confirm this payment.', status: 'requires_action', orderId: 'ord_9', nextActionUrl: '/v1/auth/x' }),
      poll: () => Promise.resolve(order('failed')),
    });
    actor.send(SUBMIT);
    await waitFor(actor, (s) => s.matches({ authenticating: 'waiting' }));
    clock.increment(POLL_INTERVAL_MS);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(
      'Error: Your bank did not confirm the payment, so nothing was charged. Try again, or use another card.',
    );
    expect(calls).toContain('renewKey');
  });

  it('stops waiting for the bank after the time limit, keeping the key', async () => {
    const { actor, clock, calls } = start({
      charge: () =>
        Promise.resolve({ success: false, message: 'Your bank asks you to confirm this payment.', status: 'requires_action', orderId: 'ord_9', nextActionUrl: '/v1/auth/x' }),
      poll: () => Promise.resolve(order('requires_action')),
    });
    actor.send(SUBMIT);
    await waitFor(actor, (s) => s.matches({ authenticating: 'waiting' }));
    clock.increment(AUTHENTICATION_TIMEOUT_MS);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.error).toMatch(/^Error: Your bank has not confirmed the payment yet\./);
    expect(calls).not.toContain('renewKey');
  });

  it('resumes polling an order it came back to from the bank page', async () => {
    const { actor, calls, polled } = start({}, { resumeOrderId: 'ord_5' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(calls).toEqual(['pollOrder', 'forgetKey']);
    expect(polled).toEqual([{ orderId: 'ord_5', idempotencyKey: KEY }]);
  });

  it('ends the spinner when the network goes mid-payment, and the retry keeps the key and the card', async () => {
    let answer: () => Promise<ChargeResponse> = () => Promise.reject(new ApiError('network', 'The server could not be reached.'));
    const { actor, calls, charges } = start({ charge: () => answer() });
    actor.send(SUBMIT);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.error).toMatch(/^Error: The answer to your payment did not arrive\. Try again/);
    expect(calls).not.toContain('renewKey');

    answer = () => Promise.resolve({ success: true, message: 'Paid', status: 'succeeded' });
    actor.send(SUBMIT);
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(charges.map((c) => [c.idempotencyKey, c.paymentMethodId])).toEqual([
      [KEY, 'pm_1'],
      [KEY, 'pm_1'],
    ]);
    expect(calls.filter((call) => call === 'createPaymentMethod')).toHaveLength(1);
  });

  it('refuses to pay offline, saying a connection is needed, and pays once back online', async () => {
    const { actor, calls } = start({}, { online: false });
    actor.send(SUBMIT);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toMatch(/^Error: A connection is needed to pay\./);
    expect(calls).toEqual([]);
    actor.send({ type: 'CONNECTION', online: true });
    actor.send(SUBMIT);
    await waitFor(actor, (s) => s.matches('succeeded'));
  });

  it('ignores a second submit while paying', async () => {
    const { actor, calls } = start();
    actor.send(SUBMIT);
    expect(actor.getSnapshot().can(SUBMIT)).toBe(false);
    actor.send(SUBMIT);
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(calls.filter((call) => call === 'charge')).toHaveLength(1);
  });
  it('keeps the answer that said the payment succeeded, for the screen: a sound library’s download token', async () => {
    const paid: ChargeResponse = { success: true, message: 'Thank you', status: 'succeeded', orderId: 'ord_2', downloadToken: 'tok_from_charge' };
    const { actor } = start({ charge: () => Promise.resolve(paid) }, { product: 'humanSounds' });
    expect(actor.getSnapshot().context.reply).toBeNull();
    actor.send(SUBMIT);
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(actor.getSnapshot().context.reply).toEqual(paid);
  });

  it('after the bank check, hands over the polled order’s answer with its token, asked with the checkout’s key', async () => {
    const { actor, clock, polled } = start(
      {
        charge: () =>
          Promise.resolve({ success: false, message: 'Your bank asks you to confirm this payment.', status: 'requires_action', orderId: 'ord_9', nextActionUrl: '/v1/auth/x' }),
        poll: () => Promise.resolve(order('succeeded', { downloadToken: 'tok_from_order' })),
      },
      { product: 'humanSounds' },
    );
    actor.send(SUBMIT);
    await waitFor(actor, (s) => s.matches({ authenticating: 'waiting' }));
    expect(actor.getSnapshot().context.reply).toBeNull();
    clock.increment(POLL_INTERVAL_MS);
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(actor.getSnapshot().context.reply?.downloadToken).toBe('tok_from_order');
    expect(polled).toEqual([{ orderId: 'ord_9', idempotencyKey: KEY }]);
  });

  it('keeps no answer from a declined attempt', async () => {
    const { actor } = start({ charge: () => Promise.resolve({ success: false, message: 'Declined.', status: 'failed' }) });
    actor.send(SUBMIT);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.reply).toBeNull();
  });
});

describe('checkoutMachine for the Pro plan (/hnupgrade)', () => {
  it('asks for the name only: a blank e-mail is no problem, a blank name still is', async () => {
    const { actor, charges } = start({}, { product: 'proMonthly' });
    actor.send({ type: 'SUBMIT', buyer: { name: ' ', email: '' }, tokenize: CARD });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'Enter your name' });
    actor.send({ type: 'SUBMIT', buyer: { name: 'Ada', email: '' }, tokenize: CARD });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(charges).toEqual([{ name: 'Ada', email: '', paymentMethodId: 'pm_1', idempotencyKey: KEY }]);
  });

  it('shows the server’s refusal of a second plan as it is, keeping the buttons', async () => {
    const refusal = new ApiError('server', 'You already have Pro. Manage it from your account page.', { code: 'ALREADY_SUBSCRIBED', status: 409 });
    const { actor } = start({ charge: () => Promise.reject(refusal) }, { product: 'proMonthly' });
    actor.send({ type: 'SUBMIT', buyer: { name: 'Ada', email: '' }, tokenize: CARD });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Error: You already have Pro. Manage it from your account page.');
  });
});
