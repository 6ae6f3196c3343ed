/**
 * The Stripes the contract suite runs against: the local Stripe always, real Stripe in test mode
 * when STRIPE_TEST_SECRET_KEY holds a test secret key. A live key is refused before any request.
 */
import Stripe from 'stripe';
import { ManualScheduler } from './scheduler.ts';
import { sdkFor, startForTest, startReceiver, WEBHOOK_SECRET, type WebhookReceiver } from './testing.ts';

export interface Target {
  readonly stripe: Stripe;
  /** Where the provider can reach an endpoint of ours: a receiver, and a way to run due deliveries. */
  readonly webhooks: { readonly receiver: WebhookReceiver; deliverDue(): Promise<void> } | null;
  close(): Promise<void>;
}

export async function openLocal(): Promise<Target> {
  const receiver = await startReceiver();
  const scheduler = new ManualScheduler();
  const { local } = await startForTest({ webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET, scheduler });
  return {
    stripe: sdkFor(local),
    webhooks: {
      receiver,
      async deliverDue() {
        scheduler.advance(0);
        await local.webhooks.idle();
      },
    },
    async close() {
      await local.close();
      await receiver.close();
    },
  };
}

export const REAL_KEY = process.env.STRIPE_TEST_SECRET_KEY?.trim() ?? '';

export function openReal(): Promise<Target> {
  if (!/^(sk|rk)_test_\w+$/.test(REAL_KEY)) {
    throw new Error('STRIPE_TEST_SECRET_KEY must be a test-mode secret key (sk_test_… or rk_test_…): the contract suite never runs live');
  }
  // Real Stripe cannot reach this machine's webhook endpoint: deliveries are the local Stripe's only.
  return Promise.resolve({ stripe: new Stripe(REAL_KEY, { maxNetworkRetries: 2 }), webhooks: null, close: () => Promise.resolve() });
}

/**
 * The event of `type` about the object `id`. Real Stripe records events a moment after the call
 * that caused them, so the list is asked again until the event is there (for at most 20 s).
 */
export async function eventAbout(stripe: Stripe, type: Stripe.Event['type'], id: string): Promise<Stripe.Event> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const events = await stripe.events.list({ type, limit: 100 });
    const found = events.data.find((event) => (event.data.object as { id?: string }).id === id);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${type} event about ${id}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

