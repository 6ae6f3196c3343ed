/**
 * Signed webhook delivery. Each event is POSTed to the configured endpoint with a
 * `Stripe-Signature` header made by the SDK's own `webhooks.generateTestHeaderString`, so the
 * receiver verifies it with `stripe.webhooks.constructEvent` exactly as with real Stripe. A
 * failed attempt (no answer, or a status outside 2xx) is retried with growing delays, a bounded
 * number of times; every attempt carries the same event and so the same event id.
 */
import Stripe from 'stripe';
import type { Clock } from './store.ts';
import type { ScheduledTask, Scheduler } from './scheduler.ts';

/** Delays before the 2nd, 3rd, … attempt. Real Stripe spreads retries over days; locally, minutes. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000, 1_800_000];

export interface WebhookEndpoint {
  /**
   * Where to POST; a function when the address is only known later (mounted in the product, the
   * receiver is the product's own port, learned when it listens). Undefined: the attempt fails.
   */
  readonly url: string | (() => string | undefined);
  /** `whsec_…` */
  readonly secret: string;
}

export interface DeliveryAttempt {
  readonly eventId: string;
  readonly attempt: number;
  /** The receiver's HTTP status, or undefined when it could not be reached. */
  readonly status: number | undefined;
  readonly delivered: boolean;
}

export interface WebhookDispatcherOptions {
  readonly endpoint: WebhookEndpoint | undefined;
  readonly scheduler: Scheduler;
  readonly clock: Clock;
  readonly retryDelaysMs?: readonly number[];
  /** Milliseconds an attempt may take before it counts as failed. */
  readonly timeoutMs?: number;
}

export class WebhookDispatcher {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Set<ScheduledTask>();
  private readonly log: DeliveryAttempt[] = [];
  private readonly retryDelays: readonly number[];

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  get endpointCount(): number {
    return this.options.endpoint === undefined ? 0 : 1;
  }

  /** Every attempt so far, oldest first. */
  attempts(): readonly DeliveryAttempt[] {
    return [...this.log];
  }

  /** Queues the first attempt; it runs when the scheduler says so (at once with timers). */
  enqueue(event: Stripe.Event): void {
    if (this.options.endpoint === undefined) return;
    this.scheduleAttempt(event, 1, 0);
  }

  /** Resolves when no attempt is running (retries still waiting on the scheduler do not count). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  close(): void {
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
  }

  private scheduleAttempt(event: Stripe.Event, attempt: number, delayMs: number): void {
    const timer = this.options.scheduler.schedule(delayMs, () => {
      this.timers.delete(timer);
      const running = this.attempt(event, attempt).finally(() => this.inFlight.delete(running));
      this.inFlight.add(running);
    });
    this.timers.add(timer);
  }

  private async attempt(event: Stripe.Event, attempt: number): Promise<void> {
    const endpoint = this.options.endpoint;
    if (endpoint === undefined) return;
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: endpoint.secret,
      timestamp: Math.floor(this.options.clock.now() / 1000),
    });
    let status: number | undefined;
    const url = typeof endpoint.url === 'string' ? endpoint.url : endpoint.url();
    try {
      if (url === undefined) throw new Error('the webhook endpoint has no address yet');
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) local-stripe',
        },
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      status = undefined;
    }
    const delivered = status !== undefined && status >= 200 && status < 300;
    this.log.push({ eventId: event.id, attempt, status, delivered });
    if (delivered) {
      event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
      return;
    }
    const delay = this.retryDelays[attempt - 1];
    if (delay !== undefined) this.scheduleAttempt(event, attempt + 1, delay);
  }
}
