import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { charge } from './charge';
import { CardError, createTestPaymentMethod } from './create-payment-method';
import { getOrder } from './get-order';
import { forgetIdempotencyKey, openIdempotencyKey } from './idempotency-key';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('the checkout idempotency key', () => {
  it('is made once per product and read back on the next open (a reload)', () => {
    const storage = memoryStorage();
    const first = openIdempotencyKey('pass', storage);
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(openIdempotencyKey('pass', storage)).toBe(first);
    expect(openIdempotencyKey('humanSounds', storage)).not.toBe(first);
  });

  it('replaces a damaged stored value instead of sending it', () => {
    const storage = memoryStorage({ 'memento.checkout.pass.idempotencyKey': 'short!' });
    const key = openIdempotencyKey('pass', storage);
    expect(key).not.toBe('short!');
    expect(storage.values.get('memento.checkout.pass.idempotencyKey')).toBe(key);
  });

  it('is forgotten after a success, so the next purchase gets a new one', () => {
    const storage = memoryStorage();
    const first = openIdempotencyKey('pass', storage);
    forgetIdempotencyKey('pass', storage);
    expect(openIdempotencyKey('pass', storage)).not.toBe(first);
  });
});

describe('createTestPaymentMethod', () => {
  const card = { number: '4000000000000002', expMonth: 12, expYear: 2040, cvc: '123' };
  const buyer = { name: 'Ada', email: 'ada@example.com' };

  it('rejects with Stripe’s own words when the local Stripe refuses the card', async () => {
    const refuse: typeof fetch = () =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } }), {
          status: 402,
        }),
      );
    const attempt = createTestPaymentMethod('pk_test_x', card, buyer, refuse);
    await expect(attempt).rejects.toBeInstanceOf(CardError);
    await expect(attempt).rejects.toMatchObject({ message: 'Your card number is incorrect.', code: 'incorrect_number' });
  });

  it('says no answer came when the request fails', async () => {
    const down: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(createTestPaymentMethod('pk_test_x', card, buyer, down)).rejects.toMatchObject({ code: 'network' });
  });
});

describe('getOrder', () => {
  it('asks for the order with the checkout’s key and reads its status and download token', async () => {
    const urls: string[] = [];
    const client = createApiClient({
      isOnline: () => true,
      fetch: (input) => {
        urls.push(input instanceof Request ? input.url : input.toString());
        const reply = { success: true, message: 'Thank you', status: 'succeeded', orderId: 'ord 1', downloadToken: 'tok_1' };
        return Promise.resolve(new Response(JSON.stringify(reply), { status: 200 }));
      },
    });
    const reply = await getOrder('ord 1', 'key_0123456789abcdef', client);
    expect(urls).toEqual(['/api/orders/ord%201?key=key_0123456789abcdef']);
    expect(reply).toMatchObject({ status: 'succeeded', downloadToken: 'tok_1' });
  });

  it('refuses an answer without a status', async () => {
    const client = createApiClient({
      isOnline: () => true,
      fetch: () => Promise.resolve(new Response(JSON.stringify({ success: true, message: '' }), { status: 200 })),
    });
    await expect(getOrder('ord_1', 'key_0123456789abcdef', client)).rejects.toMatchObject({ kind: 'bad-reply' });
  });
});

describe('charge for the Pro plan', () => {
  it('sends the name, card and key to /api/chargeHNSubscription (no e-mail) and reads the answer as a charge’s', async () => {
    const seen: { url: string; body: unknown }[] = [];
    const client = createApiClient({
      isOnline: () => true,
      fetch: (input, init) => {
        seen.push({ url: input instanceof Request ? input.url : input.toString(), body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null') });
        const reply = { success: true, message: 'Welcome to Pro!', status: 'succeeded' };
        return Promise.resolve(new Response(JSON.stringify(reply), { status: 200 }));
      },
    });
    const request = { name: 'Ada', email: '', paymentMethodId: 'pm_1', idempotencyKey: 'key_0123456789abcdef' };
    expect(await charge('proMonthly', request, client)).toEqual({ success: true, message: 'Welcome to Pro!', status: 'succeeded' });
    expect(seen).toEqual([{ url: '/api/chargeHNSubscription', body: { name: 'Ada', paymentMethodId: 'pm_1', idempotencyKey: 'key_0123456789abcdef' } }]);
  });
});

describe('createTestPaymentMethod without an e-mail', () => {
  it('leaves the blank e-mail out of the billing details', async () => {
    const bodies: URLSearchParams[] = [];
    const record: typeof fetch = (_input, init) => {
      bodies.push(new URLSearchParams(typeof init?.body === 'string' ? init.body : ''));
      return Promise.resolve(new Response(JSON.stringify({ id: 'pm_1' }), { status: 200 }));
    };
    await createTestPaymentMethod('pk_test_x', { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' }, { name: 'Ada', email: '' }, record);
    expect(bodies[0]?.get('billing_details[name]')).toBe('Ada');
    expect(bodies[0]?.has('billing_details[email]')).toBe(false);
  });
});
