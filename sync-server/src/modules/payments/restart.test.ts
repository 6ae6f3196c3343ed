import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chargeResponseSchema, type ChargeRequest } from '#core/schemas/payments';
import { createApp } from '../../app.ts';
import { startLocalStripe, type RunningLocalStripe } from '../../local-stripe/local-stripe.ts';
import { ManualScheduler } from '../../local-stripe/scheduler.ts';
import { createLogger } from '../../logger.ts';
import { TEST_MODE_PUBLISHABLE_KEY, WEBHOOK_PATH, type Payments } from '../../providers/stripe.ts';
import { testEnv } from '../../testing/app.ts';
import { useTestDatabase } from '../../testing/database.ts';
import { serve, type TestServer } from '../../testing/http.ts';
import { newIdempotencyKey, TEST_WEBHOOK_SECRET } from './testing.ts';

/**
 * The server restarted mid-payment: the charge reached the provider and was made there, but the
 * app instance that asked was replaced before it answered the browser (a crash, a deploy). The
 * provider outlives the instance, as Stripe does: here a local Stripe on its own port, which
 * both instances call, and whose webhooks go to whichever instance is running. The browser's
 * resubmit (same idempotency key, same PaymentMethod) reaches the new instance over the same
 * database.
 */
const database = useTestDatabase();
const scheduler = new ManualScheduler();
let provider: RunningLocalStripe;
let running: TestServer | undefined;

beforeAll(async () => {
  provider = await startLocalStripe({
    nodeEnv: 'test',
    webhookUrl: () => (running === undefined ? undefined : `${running.url}${WEBHOOK_PATH}`),
    webhookSecret: TEST_WEBHOOK_SECRET,
    scheduler,
  });
});
afterAll(() => provider.close());
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/**
 * One app instance. `dies`: its calls that create a PaymentIntent reach the provider and get
 * its answer, then the instance never goes on (as a process killed right there); `reached`
 * resolves once the provider has answered such a call. `port`: the address of the instance it
 * replaces (the buyer's browser keeps talking to the same origin).
 */
async function startInstance(dies = false, port = 0): Promise<{ server: TestServer; reached: Promise<void> }> {
  let providerAnswered: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => {
    providerAnswered = resolve;
  });
  const http = Stripe.createNodeHttpClient();
  const httpClient: typeof http = {
    getClientName: () => 'restart-test',
    async makeRequest(host, port, path, method, headers, requestData, protocol, timeout) {
      const response = await http.makeRequest(host, port, path, method, headers, requestData, protocol, timeout);
      if (!dies || method !== 'POST' || path !== '/v1/payment_intents') return response;
      await response.toJSON();
      providerAnswered();
      return new Promise<never>(() => undefined);
    },
  };
  const stripe = new Stripe('sk_test_restart', { ...provider.clientOptions, httpClient, maxNetworkRetries: 0 });
  const payments: Payments = {
    mode: 'test',
    publishableKey: TEST_MODE_PUBLISHABLE_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    // The provider runs apart from the instances: nothing is mounted on them.
    local: null,
    client: () => stripe,
    learnOwnAddress: () => undefined,
    pageUrl: (url) => url,
  };
  const env = testEnv();
  const server = await serve(createApp({ env, sql: database().sql, logger: createLogger(env.logLevel), payments }), port);
  running = server;
  return { server, reached };
}

function submit(server: TestServer, body: ChargeRequest): Promise<Response> {
  return fetch(`${server.url}/api/charge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function orderOf(idempotencyKey: string) {
  const rows = await database().sql<{ id: string; status: string; provider_id: string | null }[]>`
    select id, status, provider_id from orders where idempotency_key = ${idempotencyKey}`;
  return rows;
}

const mailTo = (email: string) => database().sql<{ subject: string }[]>`select subject from mail_outbox where to_address = ${email}`;

/** The provider's PaymentIntents for an order, by the order id the product puts in their metadata. */
const intentsOf = (orderId: string) => provider.store.paymentIntents.newestFirst().filter((intent) => intent.metadata.order_id === orderId);

/**
 * The first instance takes the charge to the provider and is killed before it answers: the
 * browser's call fails. Returns the port the next instance takes over.
 */
async function chargeThenDie(body: ChargeRequest): Promise<number> {
  const first = await startInstance(true);
  const answer = submit(first.server, body);
  await first.reached;
  await first.server.close();
  running = undefined;
  await expect(answer).rejects.toThrow();
  return Number(new URL(first.server.url).port);
}

let buyers = 0;
function buyer(paymentMethodId: string): ChargeRequest {
  buyers += 1;
  return { name: `Restart ${buyers}`, email: `restart${buyers}@example.test`, paymentMethodId, idempotencyKey: newIdempotencyKey() };
}

describe('the server restarted while a charge was with the provider', () => {
  it('charges once: the resubmit to the new instance gets the same PaymentIntent, and the order ends paid with one receipt', async () => {
    const body = buyer('pm_card_visa');
    const port = await chargeThenDie(body);
    // The money moved at the provider; the order knows nothing of it yet.
    const [before] = await orderOf(body.idempotencyKey);
    expect(before).toMatchObject({ status: 'pending', provider_id: null });
    expect(intentsOf(before?.id ?? '')).toHaveLength(1);
    // The provider's webhook came while no instance was up: it failed and waits for its retry.
    scheduler.advance(0);
    await provider.webhooks.idle();
    expect(provider.webhooks.attempts().at(-1)).toMatchObject({ delivered: false });

    const second = await startInstance(false, port);
    const response = await submit(second.server, body);
    expect(response.status).toBe(200);
    const answer = chargeResponseSchema.parse(await response.json());
    expect(answer).toMatchObject({ success: true, status: 'succeeded', orderId: before?.id });
    const intents = intentsOf(before?.id ?? '');
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ status: 'succeeded', amount: 2000 });

    // The retried webhooks reach the new instance and fulfil the order once.
    scheduler.advance(5_000);
    await provider.webhooks.idle();
    const orders = await orderOf(body.idempotencyKey);
    expect(orders).toEqual([{ id: before?.id, status: 'succeeded', provider_id: intents[0]?.id }]);
    expect(await mailTo(body.email)).toHaveLength(1);

    // Another resubmit after all that (the browser never saw an answer it trusted) changes nothing.
    expect(chargeResponseSchema.parse(await (await submit(second.server, body)).json())).toMatchObject({ success: true, orderId: before?.id });
    expect(intentsOf(before?.id ?? '')).toHaveLength(1);
    expect(await mailTo(body.email)).toHaveLength(1);
  });

  it('a decline the provider made before the restart is replayed to the resubmit, not tried again, and nothing is fulfilled', async () => {
    const body = buyer('pm_card_chargeDeclined');
    const port = await chargeThenDie(body);
    const [before] = await orderOf(body.idempotencyKey);
    const second = await startInstance(false, port);
    const answer = chargeResponseSchema.parse(await (await submit(second.server, body)).json());
    expect(answer).toMatchObject({ success: false, status: 'failed', orderId: before?.id });
    expect(answer.message).toMatch(/^Error: .*declined.*No money was taken/);
    const intents = intentsOf(before?.id ?? '');
    expect(intents).toHaveLength(1);
    expect(intents[0]?.status).toBe('requires_payment_method');
    scheduler.advance(0);
    scheduler.advance(5_000);
    await provider.webhooks.idle();
    expect((await orderOf(body.idempotencyKey))[0]?.status).toBe('failed');
    expect(await mailTo(body.email)).toEqual([]);
  });
});
