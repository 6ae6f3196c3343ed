import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import Stripe from 'stripe';
import type { PaymentsConfig } from '../env.ts';
import { createLocalStripe, type LocalStripe } from '../local-stripe/local-stripe.ts';
import type { Scheduler } from '../local-stripe/scheduler.ts';

/**
 * The one `stripe` SDK client (PAYMENTS.md). Configured: real Stripe with the configured keys.
 * Test mode (the zero-setup default): the local Stripe, mounted on the product's own port under
 * Stripe's paths (`/v1/*`, and its test pages), and the same SDK pointed at that port. The port is
 * only known once the server listens, so the address is learned from the first request's socket
 * (any request reaching the app proves where it listens) and the client is built then.
 */

/** Where Stripe POSTs events; the local Stripe delivers to the same route on our own port. */
export const WEBHOOK_PATH = '/api/payments/webhook';

/** Test mode's keys: the local Stripe accepts any `sk_test_…`, and `pk_test_…` for PaymentMethods. */
export const TEST_MODE_SECRET_KEY = 'sk_test_memento_local';
export const TEST_MODE_PUBLISHABLE_KEY = 'pk_test_memento_local';

export interface Payments {
  readonly mode: PaymentsConfig['mode'];
  /** What browsers create PaymentMethods with. */
  readonly publishableKey: string;
  /** `whsec_…`: what webhook signatures are checked with. */
  readonly webhookSecret: string;
  /** Test mode only: the local Stripe to mount on the app (never with real keys). */
  readonly local: LocalStripe | null;
  /** The SDK client. In test mode it needs the app's own address: see `learnOwnAddress`. */
  client(): Stripe;
  /** Test mode: records where this server is reached on this machine, from a request's socket. */
  learnOwnAddress(socket: Pick<Socket, 'localAddress' | 'localPort'>): void;
  /**
   * A page the provider hosts (the bank's authentication), as the buyer's browser reaches it. Test
   * mode: the local Stripe names pages after the address the SDK called (this machine's), so they
   * are moved to the app's origin as the buyer reached it. Real Stripe's pages stay as they are.
   */
  pageUrl(url: string, appOrigin: string): string;
}

export interface TestModeOptions {
  /** Fixed by tests that sign events themselves; otherwise a new random secret per process. */
  readonly webhookSecret?: string;
  /** When the local Stripe delivers webhooks; tests pass a ManualScheduler. */
  readonly scheduler?: Scheduler;
  readonly nodeEnv?: string;
}

/** Real Stripe, with the configured keys. The local Stripe is not created at all. */
function realStripe(config: Extract<PaymentsConfig, { mode: 'stripe' }>): Payments {
  const stripe = new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  return {
    mode: 'stripe',
    publishableKey: config.publishableKey,
    webhookSecret: config.webhookSecret,
    local: null,
    client: () => stripe,
    learnOwnAddress: () => undefined,
    pageUrl: (url) => url,
  };
}

/** A socket's local address without the IPv4-mapped prefix: `127.0.0.1`, `::1`. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/** An address as the host part of a URL: `127.0.0.1`, `[::1]`. */
function urlHost(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

function testStripe(config: Extract<PaymentsConfig, { mode: 'test' }>, options: TestModeOptions): Payments {
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  let origin: { readonly host: string; readonly port: number } | undefined;
  let stripe: Stripe | undefined;
  const local = createLocalStripe({
    webhookUrl: () => (origin === undefined ? undefined : `http://${urlHost(origin.host)}:${origin.port}${WEBHOOK_PATH}`),
    webhookSecret,
    ...(options.scheduler === undefined ? {} : { scheduler: options.scheduler }),
    nodeEnv: options.nodeEnv,
    // ALLOW_TEST_PAYMENTS: the local Stripe refuses production without it.
    allowInProduction: config.allowInProduction,
  });
  return {
    mode: 'test',
    publishableKey: TEST_MODE_PUBLISHABLE_KEY,
    webhookSecret,
    local,
    client() {
      if (origin === undefined) throw new Error('test-mode payments: the server has not been reached yet, so its address is unknown');
      stripe ??= new Stripe(TEST_MODE_SECRET_KEY, { host: origin.host, port: origin.port, protocol: 'http', maxNetworkRetries: 0 });
      return stripe;
    },
    learnOwnAddress(socket) {
      if (origin !== undefined || socket.localAddress === undefined || socket.localPort === undefined) return;
      origin = { host: plainAddress(socket.localAddress), port: socket.localPort };
    },
    pageUrl(url, appOrigin) {
      const page = new URL(url);
      if (origin === undefined || page.origin !== `http://${urlHost(origin.host)}:${origin.port}`) return url;
      return new URL(`${page.pathname}${page.search}`, appOrigin).href;
    },
  };
}

/** The payments of this configuration: real Stripe with keys, else the local Stripe (test mode). */
export function createPayments(config: PaymentsConfig, options: TestModeOptions = {}): Payments {
  return config.mode === 'stripe' ? realStripe(config) : testStripe(config, options);
}
