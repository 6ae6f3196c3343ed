/**
 * The local Stripe's state. In memory for now: a restart forgets everything, as a fresh Stripe
 * test account would look. Every resource keeps its objects in one `Table`, and nothing else holds
 * state, so a persistent store later replaces the tables behind the same methods.
 */
import type Stripe from 'stripe';
import { newId } from './ids.ts';
import type { TestCard } from './test-cards.ts';

export class Table<T extends { readonly id: string }> {
  private readonly rows = new Map<string, T>();

  get(id: string): T | undefined {
    return this.rows.get(id);
  }

  put(row: T): T {
    this.rows.set(row.id, row);
    return row;
  }

  delete(id: string): void {
    this.rows.delete(id);
  }

  /** Newest first, as Stripe lists. */
  newestFirst(): T[] {
    return [...this.rows.values()].reverse();
  }
}

/** The first answer to an idempotency key, replayed to every retry with the same key. */
export interface IdempotentAnswer {
  /** The idempotency key. */
  readonly id: string;
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly params: string;
  readonly status: number;
  readonly body: string;
}

/** What an account link leads to, and whether its onboarding page was used already. */
export interface AccountLinkState {
  readonly account: string;
  readonly type: 'account_onboarding' | 'account_update';
  readonly returnUrl: string;
  readonly refreshUrl: string;
  readonly expiresAt: number;
  used: boolean;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export class LocalStripeStore {
  readonly customers = new Table<Stripe.Customer>();
  readonly paymentMethods = new Table<Stripe.PaymentMethod>();
  readonly paymentIntents = new Table<Stripe.PaymentIntent>();
  readonly charges = new Table<Stripe.Charge>();
  readonly refunds = new Table<Stripe.Refund>();
  readonly events = new Table<Stripe.Event>();
  readonly products = new Table<Stripe.Product>();
  readonly prices = new Table<Stripe.Price>();
  readonly subscriptions = new Table<Stripe.Subscription>();
  readonly invoices = new Table<Stripe.Invoice>();
  readonly invoicePayments = new Table<Stripe.InvoicePayment>();
  readonly checkoutSessions = new Table<Stripe.Checkout.Session>();
  readonly portalSessions = new Table<Stripe.BillingPortal.Session>();
  readonly testClocks = new Table<Stripe.TestHelpers.TestClock>();
  readonly idempotency = new Table<IdempotentAnswer>();
  /** Connect: connected accounts, the money sent to them, and what the platform kept. */
  readonly accounts = new Table<Stripe.Account>();
  readonly transfers = new Table<Stripe.Transfer>();
  readonly applicationFees = new Table<Stripe.ApplicationFee>();
  /** Account links by the token in their address (Stripe gives links no id); each is used once. */
  readonly accountLinks = new Map<string, AccountLinkState>();
  /** Which test card stands behind each PaymentMethod (the number itself is never kept). */
  readonly cards = new Map<string, TestCard>();
  /** What each Checkout Session sells: its `line_items`, which Stripe answers only when asked for. */
  readonly checkoutLineItems = new Map<string, readonly Stripe.LineItem[]>();
  /** What each Checkout Session's `subscription_data` asks of the subscription it makes. */
  readonly checkoutSubscriptionData = new Map<string, { readonly metadata: Stripe.Metadata; readonly description: string | null }>();
  /**
   * PaymentIntents the billing engine is charging right now: it settles their invoice itself when
   * the attempt returns, so the event listener leaves them alone (see invoice-settlement.ts).
   */
  readonly collecting = new Set<string>();

  /** The one Billing Portal configuration, Stripe's default, behind every portal session. */
  readonly portalConfiguration = newId('bpc');

  constructor(readonly clock: Clock = systemClock) {}

  /** Stripe's timestamps are whole seconds. */
  nowSeconds(): number {
    return Math.floor(this.clock.now() / 1000);
  }
}
