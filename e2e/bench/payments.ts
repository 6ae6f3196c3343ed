/**
 * Checkouts under load (issue 12): 200 purchases of THE PASS from 50 buyers at once, through the
 * production server and the local Stripe it mounts, as the browser makes them: a PaymentMethod
 * from the card (`POST /v1/payment_methods` with the publishable key, as the card field does),
 * then `POST /api/charge` with a new idempotency key. Every tenth checkout is sent again with the
 * same key, half of them at once (a double click) and half after the answer (a resubmit after a
 * lost answer). Then, once the webhooks have fulfilled the orders, it counts what happened:
 * succeeded orders, receipts, and double charges (an order with more than one succeeded
 * PaymentIntent at the local Stripe), which must be 0.
 *
 * Database: a scratch database on BENCH_DATABASE_URL / TEST_DATABASE_URL's PostgreSQL (dropped
 * afterwards), else the embedded PGlite (then orders and receipts are counted through the API).
 * Run standalone with `npx tsx e2e/bench/payments.ts`; e2e/bench/run.ts calls `benchPayments()`.
 * Loopback only, bounded by the checkout count.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { mailboxResponseSchema } from '#core/schemas/mailbox';
import { chargeResponseSchema, orderStatusSchema } from '#core/schemas/payments';
import { createSql } from '../../sync-server/src/db/client.ts';
import { TEST_MODE_PUBLISHABLE_KEY } from '../../sync-server/src/providers/stripe.ts';
import { createScratchDatabase } from '../../sync-server/src/testing/database.ts';
import { newDataDir, startServer } from './server';

const BUYERS = 50;
const CHECKOUTS = 200;
const RETRY_EVERY = 10;
/** Fulfilment runs from webhooks: how long to wait for the last receipts after the last answer. */
const FULFILMENT_WAIT_MS = 60_000;

interface Checkout {
  readonly orderId: string;
  readonly key: string;
  readonly email: string;
}

interface Tally {
  readonly methodMs: number[];
  readonly chargeMs: number[];
  readonly retryMs: number[];
  readonly checkouts: Checkout[];
  /** Answers that were not a success, or retries that named another order. */
  readonly problems: string[];
}

const percentile = (values: readonly number[], fraction: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
};
const ms = (value: number) => value.toFixed(1);
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');

async function timed<T>(samples: number[], work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    samples.push(performance.now() - started);
  }
}

/** The card field's call: a PaymentMethod for Stripe's 4242 test card, with the publishable key. */
async function paymentMethod(url: string): Promise<string> {
  const body = new URLSearchParams({ type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2040', 'card[cvc]': '123' });
  const response = await fetch(`${url}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_MODE_PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const reply = (await response.json()) as { id?: string };
  if (!response.ok || reply.id === undefined) throw new Error(`PaymentMethod: ${response.status}`);
  return reply.id;
}

async function charge(url: string, request: object): Promise<{ status: number; orderId?: string; success?: boolean }> {
  const response = await fetch(`${url}/api/charge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
  if (!response.ok) return { status: response.status };
  const reply = chargeResponseSchema.parse(await response.json());
  return { status: response.status, orderId: reply.orderId, success: reply.success };
}

async function checkout(url: string, index: number, tally: Tally): Promise<void> {
  const email = `bench-${index}@example.test`;
  const paymentMethodId = await timed(tally.methodMs, () => paymentMethod(url));
  const request = { name: `Buyer ${index}`, email, paymentMethodId, idempotencyKey: randomBytes(18).toString('base64url') };
  const retried = index % RETRY_EVERY === 0;
  const atOnce = retried && (index / RETRY_EVERY) % 2 === 0;
  const [first, twin] = await Promise.all([
    timed(tally.chargeMs, () => charge(url, request)),
    atOnce ? timed(tally.retryMs, () => charge(url, request)) : Promise.resolve(undefined),
  ]);
  const again = retried && !atOnce ? await timed(tally.retryMs, () => charge(url, request)) : twin;
  if (first.success !== true || first.orderId === undefined) {
    tally.problems.push(`checkout ${index}: ${first.status} ${String(first.success)}`);
    return;
  }
  if (again !== undefined && (again.success !== true || again.orderId !== first.orderId)) {
    tally.problems.push(`checkout ${index}: its retry answered ${again.status}, order ${again.orderId ?? 'none'}`);
  }
  tally.checkouts.push({ orderId: first.orderId, key: request.idempotencyKey, email });
}

/** Every PaymentIntent at the local Stripe, through its list call and cursors. */
async function paymentIntents(url: string): Promise<{ id: string; status: string; orderId: string | undefined }[]> {
  const all: { id: string; status: string; orderId: string | undefined }[] = [];
  for (let after: string | undefined; ; ) {
    const page = await fetch(`${url}/v1/payment_intents?limit=100${after === undefined ? '' : `&starting_after=${after}`}`, {
      headers: { authorization: 'Bearer sk_test_bench_inspector' },
    });
    const list = (await page.json()) as { data: { id: string; status: string; metadata: Record<string, string> }[]; has_more: boolean };
    all.push(...list.data.map((intent) => ({ id: intent.id, status: intent.status, orderId: intent.metadata.order_id })));
    after = list.data.at(-1)?.id;
    if (!list.has_more || after === undefined) return all;
  }
}

interface Fulfilment {
  readonly ordersSucceeded: number;
  readonly receipts: number;
  /** Buyers with more than one receipt. */
  readonly doubleReceipts: number;
}

/** PostgreSQL: straight from the tables. */
async function fulfilmentFromDatabase(databaseUrl: string): Promise<Fulfilment> {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    const [orders] = await sql<{ n: number }[]>`select count(*)::int as n from orders where status = 'succeeded'`;
    const [mail] = await sql<{ n: number; doubles: number }[]>`
      select count(*)::int as n, (count(*) - count(distinct to_address))::int as doubles from mail_outbox where subject like 'Your receipt: THE PASS%'`;
    return { ordersSucceeded: orders?.n ?? 0, receipts: mail?.n ?? 0, doubleReceipts: mail?.doubles ?? 0 };
  } finally {
    await sql.end();
  }
}

/** Embedded PGlite (inside the server process): through the API, each order by its key, and the mailbox. */
async function fulfilmentFromApi(url: string, checkouts: readonly Checkout[]): Promise<Fulfilment> {
  let ordersSucceeded = 0;
  for (const { orderId, key } of checkouts) {
    const reply = (await (await fetch(`${url}/api/orders/${orderId}?key=${key}`)).json()) as { status?: unknown };
    if (orderStatusSchema.safeParse(reply.status).data === 'succeeded') ordersSucceeded += 1;
  }
  const { mails } = mailboxResponseSchema.parse(await (await fetch(`${url}/api/dev/mailbox`)).json());
  const receipts = mails.filter((mail) => mail.subject.startsWith('Your receipt: THE PASS'));
  return { ordersSucceeded, receipts: receipts.length, doubleReceipts: receipts.length - new Set(receipts.map((mail) => mail.to)).size };
}

export async function benchPayments(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || undefined;
  const scratch = adminUrl === undefined ? undefined : await createScratchDatabase(adminUrl, 'memento_bench_pay');
  const dataDir = newDataDir();
  const server = await startServer(dataDir, 30_000, { DATABASE_URL: scratch?.url, CHARGE_LIMIT_PER_CLIENT: '1000000' });
  try {
    const { url } = server;
    const tally: Tally = { methodMs: [], chargeMs: [], retryMs: [], checkouts: [], problems: [] };
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        for (let index = next++; index < CHECKOUTS; index = next++) await checkout(url, index, tally);
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const fulfilment = () => (scratch === undefined ? fulfilmentFromApi(url, tally.checkouts) : fulfilmentFromDatabase(scratch.url));
    const waitUntil = Date.now() + FULFILMENT_WAIT_MS;
    let done = await fulfilment();
    while (done.receipts < tally.checkouts.length && Date.now() < waitUntil) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      done = await fulfilment();
    }
    const intents = await paymentIntents(url);
    const succeededPerOrder = new Map<string, number>();
    for (const intent of intents) {
      if (intent.status === 'succeeded' && intent.orderId !== undefined) succeededPerOrder.set(intent.orderId, (succeededPerOrder.get(intent.orderId) ?? 0) + 1);
    }
    const doubleCharges = [...succeededPerOrder.values()].filter((count) => count > 1).length;
    const retries = tally.retryMs.length;

    const where = scratch === undefined ? 'embedded PGlite: BENCH_DATABASE_URL / TEST_DATABASE_URL not set' : 'PostgreSQL, a scratch database dropped afterwards';
    console.log(`\n## Checkouts: ${CHECKOUTS} purchases of THE PASS from ${BUYERS} buyers at once (${where})\n`);
    console.log('Each: a PaymentMethod from the 4242 test card at the local Stripe (as the card field), then POST /api/charge; every 10th sent again with the same key (half at once, half after the answer). Server, local Stripe and load generator share the 2 cores.\n');
    console.log('| figure | value | budget |');
    console.log('|---|---:|---|');
    console.log(`| wall time, checkouts/s | ${seconds.toFixed(1)} s, ${(CHECKOUTS / seconds).toFixed(1)} | |`);
    console.log(`| POST /v1/payment_methods p50 / p99, ms | ${ms(percentile(tally.methodMs, 0.5))} / ${ms(percentile(tally.methodMs, 0.99))} | |`);
    console.log(`| POST /api/charge p50 / p99, ms | ${ms(percentile(tally.chargeMs, 0.5))} / ${ms(percentile(tally.chargeMs, 0.99))} | |`);
    console.log(`| same-key retries (p50 / p99, ms) | ${retries} (${ms(percentile(tally.retryMs, 0.5))} / ${ms(percentile(tally.retryMs, 0.99))}) | |`);
    console.log(`| answers that were not a success, or a retry naming another order | ${tally.problems.length} | 0: ${verdict(tally.problems.length === 0)} |`);
    console.log(`| orders succeeded after the webhooks | ${done.ordersSucceeded} of ${CHECKOUTS} | ${CHECKOUTS}: ${verdict(done.ordersSucceeded === CHECKOUTS)} |`);
    console.log(`| receipts queued (buyers with two) | ${done.receipts} (${done.doubleReceipts}) | ${CHECKOUTS} (0): ${verdict(done.receipts === CHECKOUTS && done.doubleReceipts === 0)} |`);
    console.log(`| PaymentIntents at the local Stripe: all / succeeded | ${intents.length} / ${[...succeededPerOrder.values()].reduce((sum, n) => sum + n, 0)} | |`);
    console.log(`| double charges (orders with > 1 succeeded PaymentIntent) | ${doubleCharges} | 0: ${verdict(doubleCharges === 0)} |`);
    for (const problem of tally.problems.slice(0, 5)) console.log(`- ${problem}`);
  } finally {
    await server.stop();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchPayments();
