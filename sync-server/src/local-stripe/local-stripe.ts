/**
 * The local Stripe: a small, stateful, Stripe-compatible service that the official `stripe` SDK
 * talks to unchanged (`new Stripe(key, { host, port, protocol: 'http' })`). See PAYMENTS.md.
 *
 * State lives in memory (store.ts): a restart forgets everything, like a fresh test account.
 * A new resource is one more file exporting its routes, listed in ROUTES below.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountRoutes } from './accounts.ts';
import { authenticationRoutes } from './authentication-page.ts';
import { billingPortalRoutes } from './billing-portal.ts';
import { chargeRoutes } from './charges.ts';
import { checkoutPageRoutes } from './checkout-page.ts';
import { checkoutSessionRoutes, expireDueSessions } from './checkout-sessions.ts';
import { connectPageRoutes } from './connect-page.ts';
import { customerRoutes } from './customers.ts';
import { EventRecorder, eventRoutes } from './events.ts';
import { createHandler, type LocalStripeHandler } from './handler.ts';
import { paymentIntentRoutes } from './payment-intents.ts';
import { paymentMethodRoutes } from './payment-methods.ts';
import { portalPageRoutes } from './portal-page.ts';
import { settleOnPayment } from './invoice-collection.ts';
import { invoiceRoutes } from './invoices.ts';
import { attachmentRoutes } from './payment-method-attachments.ts';
import { priceRoutes } from './prices.ts';
import { productRoutes } from './products.ts';
import { refundRoutes } from './refunds.ts';
import { runDue } from './renewals.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { testClockRoutes } from './test-clocks.ts';
import { transferRoutes } from './transfers.ts';
import type { Route } from './route.ts';
import { timerScheduler, type Scheduler } from './scheduler.ts';
import { LocalStripeStore, systemClock, type Clock } from './store.ts';
import { WebhookDispatcher } from './webhooks.ts';

const ROUTES: readonly Route[] = [
  ...customerRoutes,
  ...paymentMethodRoutes,
  ...attachmentRoutes,
  ...paymentIntentRoutes,
  ...chargeRoutes,
  ...refundRoutes,
  ...eventRoutes,
  ...productRoutes,
  ...priceRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...testClockRoutes,
  ...checkoutSessionRoutes,
  ...billingPortalRoutes,
  ...authenticationRoutes,
  ...checkoutPageRoutes,
  ...portalPageRoutes,
  ...accountRoutes,
  ...transferRoutes,
  ...connectPageRoutes,
];

export interface LocalStripeOptions {
  /**
   * Where events are POSTed, signed with `webhookSecret`; without it, events are only recorded.
   * A function is asked at each attempt (the product's own address is known once it listens).
   */
  readonly webhookUrl?: string | (() => string | undefined);
  /** `whsec_…`, the secret the receiver verifies signatures with. */
  readonly webhookSecret?: string;
  /** The address browsers reach this service at (for the pages it serves); else the Host header. */
  readonly publicUrl?: string;
  readonly clock?: Clock;
  /** When webhook attempts run; tests pass a ManualScheduler and move time themselves. */
  readonly scheduler?: Scheduler;
  readonly retryDelaysMs?: readonly number[];
  /** Test payments are refused when NODE_ENV is production unless this is set (ALLOW_TEST_PAYMENTS). */
  readonly allowInProduction?: boolean;
  /** Defaults to process.env.NODE_ENV. */
  readonly nodeEnv?: string | undefined;
}

export interface LocalStripe {
  readonly handler: LocalStripeHandler;
  readonly store: LocalStripeStore;
  readonly webhooks: WebhookDispatcher;
  /** Stops pending webhook retries. */
  stop(): void;
}

export function createLocalStripe(options: LocalStripeOptions = {}): LocalStripe {
  const nodeEnv = 'nodeEnv' in options ? options.nodeEnv : process.env.NODE_ENV;
  if (nodeEnv === 'production' && options.allowInProduction !== true) {
    throw new Error('The local Stripe takes test payments only and is refused in production (set ALLOW_TEST_PAYMENTS).');
  }
  if (options.webhookUrl !== undefined && !(options.webhookSecret ?? '').startsWith('whsec_')) {
    throw new Error('A webhook URL needs a webhook secret starting with whsec_.');
  }
  const clock = options.clock ?? systemClock;
  const store = new LocalStripeStore(clock);
  const webhooks = new WebhookDispatcher({
    endpoint:
      options.webhookUrl === undefined ? undefined : { url: options.webhookUrl, secret: options.webhookSecret ?? '' },
    scheduler: options.scheduler ?? timerScheduler,
    clock,
    ...(options.retryDelaysMs === undefined ? {} : { retryDelaysMs: options.retryDelaysMs }),
  });
  const events = new EventRecorder(
    store,
    (event) => webhooks.enqueue(event),
    () => webhooks.endpointCount,
  );
  events.onRecorded(settleOnPayment(store, events));
  const handler = createHandler({
    store,
    events,
    routes: ROUTES,
    publicUrl: options.publicUrl,
    // Subscriptions without a test clock live at the store's clock: what fell due since the last
    // request runs before the next one is answered.
    catchUp: (context) => {
      const clockless = store.subscriptions.newestFirst().filter((subscription) => subscription.test_clock === null);
      runDue(context, clockless.reverse(), store.nowSeconds());
      expireDueSessions(context);
    },
  });
  return { handler, store, webhooks, stop: () => webhooks.close() };
}

export interface RunningLocalStripe extends LocalStripe {
  readonly url: string;
  readonly port: number;
  /** What to give `new Stripe(key, …)` to talk to this service. */
  readonly clientOptions: { readonly host: string; readonly port: number; readonly protocol: 'http' };
  close(): Promise<void>;
}

/** Starts the local Stripe on its own port (0: any free port) on 127.0.0.1, for tests. */
export async function startLocalStripe(
  options: LocalStripeOptions & { readonly port?: number } = {},
): Promise<RunningLocalStripe> {
  const local = createLocalStripe(options);
  const server = createServer((request, response) => local.handler(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...local,
    url: `http://127.0.0.1:${port}`,
    port,
    clientOptions: { host: '127.0.0.1', port, protocol: 'http' },
    close: () =>
      new Promise<void>((resolve) => {
        local.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
