/** Shared by the local Stripe's tests: a running service, an SDK client on it, a webhook receiver. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startLocalStripe, type LocalStripeOptions, type RunningLocalStripe } from './local-stripe.ts';

export const WEBHOOK_SECRET = 'whsec_local_stripe_test_secret';

export function sdkFor(local: RunningLocalStripe): Stripe {
  // No retries of its own: every request in a test is made once, as written.
  return new Stripe('sk_test_local', { ...local.clientOptions, maxNetworkRetries: 0 });
}

export interface Receipt {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly receipts: Receipt[];
  /** Statuses to answer the next deliveries with, in order; 200 once they run out. */
  readonly answers: number[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<WebhookReceiver> {
  const receipts: Receipt[] = [];
  const answers: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receipts.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/payments/webhook`,
    receipts,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startForTest(
  options: LocalStripeOptions = {},
): Promise<{ local: RunningLocalStripe; stripe: Stripe }> {
  const local = await startLocalStripe({ nodeEnv: 'test', ...options });
  return { local, stripe: sdkFor(local) };
}

/** Runs `promise`, expecting it to fail with a Stripe error; returns the error. */
export async function stripeError(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('expected a Stripe error, the request succeeded');
}

/** Submits a test page's form as a browser would, without following the redirect it answers. */
export function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}
