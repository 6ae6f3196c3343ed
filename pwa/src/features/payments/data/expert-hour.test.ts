import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { asksForEmail, charge, expertHourProduct, expertSiteNameOf } from './charge';
import { getOrder } from './get-order';

/** An expert's hour through the shared checkout: its own charge and order addresses. */

function recordingClient() {
  const seen: { url: string; body: unknown }[] = [];
  const client = createApiClient({
    isOnline: () => true,
    session: () => ({ token: () => null, onInvalidToken: () => undefined }),
    fetch: (input, init) => {
      seen.push({ url: input instanceof Request ? input.url : input.toString(), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      return Promise.resolve(
        new Response(JSON.stringify({ success: true, message: 'Paid', status: 'succeeded', orderId: 'o1' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    },
  });
  return { client, seen };
}

describe('an expert hour as a checkout product', () => {
  it('names the expert and asks for the e-mail', () => {
    const product = expertHourProduct('JaneDoe');
    expect(expertSiteNameOf(product)).toBe('JaneDoe');
    expect(expertSiteNameOf('pass')).toBeNull();
    expect(asksForEmail(product)).toBe(true);
  });

  it("is charged at the expert's call, with the visitor and the key (never an amount)", async () => {
    const { client, seen } = recordingClient();
    const request = { name: 'Ada', email: 'ada@example.com', paymentMethodId: 'pm_card_visa', idempotencyKey: 'k_0123456789abcdef' };
    await charge(expertHourProduct('JaneDoe'), request, client);
    expect(seen).toEqual([{ url: '/api/expert/getPaymentIntent/JaneDoe', body: request }]);
  });

  it("its order is asked about at the expert calls' address", async () => {
    const { client, seen } = recordingClient();
    await getOrder('o1', 'k_0123456789abcdef', client, true);
    await getOrder('o1', 'k_0123456789abcdef', client);
    expect(seen.map((call) => call.url)).toEqual(['/api/expert/orders/o1?key=k_0123456789abcdef', '/api/orders/o1?key=k_0123456789abcdef']);
  });
});
