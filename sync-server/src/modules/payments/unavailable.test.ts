import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { testEnv } from '../../testing/app.ts';
import { createLogger } from '../../logger.ts';
import type { Payments } from '../../providers/stripe.ts';
import { useTestDatabase } from '../../testing/database.ts';
import { serve, type TestServer } from '../../testing/http.ts';
import { newIdempotencyKey } from './testing.ts';

/** The payment provider out of reach: the real SDK pointed at a port nobody listens on. */
const database = useTestDatabase();
let server: TestServer;

beforeAll(async () => {
  const gone = await serve((_req, res) => res.end());
  const port = Number(new URL(gone.url).port);
  await gone.close();
  const stripe = new Stripe('sk_test_unreachable', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  const payments: Payments = {
    mode: 'stripe',
    publishableKey: 'pk_test_unreachable',
    webhookSecret: 'whsec_unreachable',
    local: null,
    client: () => stripe,
    learnOwnAddress: () => undefined,
    pageUrl: (url) => url,
  };
  const env = testEnv();
  server = await serve(createApp({ env, sql: database().sql, logger: createLogger(env.logLevel), payments }));
});
afterAll(() => server.close());

it('answers 503 UNAVAILABLE with words when the provider cannot be reached, and the order waits for a retry', async () => {
  const idempotencyKey = newIdempotencyKey();
  const response = await fetch(`${server.url}/api/charge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', email: 'ada@example.test', paymentMethodId: 'pm_card_visa', idempotencyKey }),
  });
  expect(response.status).toBe(503);
  const body = (await response.json()) as { error: string; message: string };
  expect(body.error).toBe('UNAVAILABLE');
  expect(body.message).toMatch(/^Error: .*cannot be reached.*No money was taken.*Try again/);
  const [order] = await database().sql<{ status: string }[]>`select status from orders where idempotency_key = ${idempotencyKey}`;
  expect(order?.status).toBe('pending');
});
