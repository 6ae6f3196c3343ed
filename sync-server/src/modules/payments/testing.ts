import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { createApp } from '../../app.ts';
import type { Sql } from '../../db/client.ts';
import type { LocalStripe } from '../../local-stripe/local-stripe.ts';
import { ManualScheduler } from '../../local-stripe/scheduler.ts';
import { createLogger } from '../../logger.ts';
import { createPayments, type Payments } from '../../providers/stripe.ts';
import { testEnv } from '../../testing/app.ts';
import { serve, type TestServer } from '../../testing/http.ts';

/** Payments tests: the product in test mode, its local Stripe on its own port, webhooks on demand. */

export const TEST_WEBHOOK_SECRET = 'whsec_payments_tests';

export interface PaymentsServer {
  readonly server: TestServer;
  readonly payments: Payments;
  readonly local: LocalStripe;
  /** The SDK on the server's own port, as the product uses it: to look at the local Stripe. */
  readonly stripe: Stripe;
  /** Delivers every webhook due now to the product and waits until it has answered them all. */
  deliverWebhooks(): Promise<void>;
  close(): Promise<void>;
}

export async function servePayments(sql: Sql, variables: Record<string, string> = {}): Promise<PaymentsServer> {
  const env = testEnv(variables);
  const scheduler = new ManualScheduler();
  const payments = createPayments(env.payments, { webhookSecret: TEST_WEBHOOK_SECRET, scheduler, nodeEnv: 'test' });
  const { local } = payments;
  if (local === null) throw new Error('test mode has a local Stripe');
  const server = await serve(createApp({ env, sql, logger: createLogger(env.logLevel), payments }));
  const { port } = new URL(server.url);
  const stripe = new Stripe('sk_test_inspector', { host: '127.0.0.1', port: Number(port), protocol: 'http', maxNetworkRetries: 0 });
  return {
    server,
    payments,
    local,
    stripe,
    async deliverWebhooks() {
      scheduler.advance(0);
      await local.webhooks.idle();
    },
    async close() {
      local.stop();
      await server.close();
    },
  };
}

/** A device-made idempotency key, as the checkout makes one. */
export function newIdempotencyKey(): string {
  return randomBytes(18).toString('base64url');
}
