import type { ProviderSubscriptionStatus } from '#core/plans/subscription';
import type { Queryable, TransactionSql } from '../../db/client.ts';

/** SQL of the paid plan (0001's subscriptions, 0014): customers, the plan mirror, checkouts, paid invoices. */

export type Provider = 'stripe' | 'test';

export interface SubscriptionRow {
  readonly userId: string;
  readonly providerSubscriptionId: string;
  readonly providerCustomerId: string | null;
  readonly status: ProviderSubscriptionStatus;
  readonly currentPeriodStart: Date | null;
  readonly currentPeriodEnd: Date | null;
  readonly cancelAtPeriodEnd: boolean;
  readonly renewedAt: Date | null;
  readonly latestInvoiceId: string | null;
  readonly graceUntil: Date | null;
  readonly testClock: string | null;
  readonly endedAt: Date | null;
}

interface SubscriptionColumns {
  user_id: string;
  provider_subscription_id: string;
  provider_customer_id: string | null;
  status: ProviderSubscriptionStatus;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  renewed_at: Date | null;
  latest_invoice_id: string | null;
  grace_until: Date | null;
  test_clock: string | null;
  ended_at: Date | null;
}

function toSubscription(row: SubscriptionColumns): SubscriptionRow {
  return {
    userId: row.user_id,
    providerSubscriptionId: row.provider_subscription_id,
    providerCustomerId: row.provider_customer_id,
    status: row.status,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    renewedAt: row.renewed_at,
    latestInvoiceId: row.latest_invoice_id,
    graceUntil: row.grace_until,
    testClock: row.test_clock,
    endedAt: row.ended_at,
  };
}

// ---------------------------------------------------------------- customers

export async function findCustomerId(db: Queryable, userId: string, provider: Provider): Promise<string | null> {
  const [row] = await db<{ provider_customer_id: string }[]>`
    select provider_customer_id from billing_customers where user_id = ${userId} and provider = ${provider}`;
  return row?.provider_customer_id ?? null;
}

/** The person a provider customer was made for. */
export async function userOfCustomer(db: Queryable, provider: Provider, customerId: string): Promise<string | null> {
  const [row] = await db<{ user_id: string }[]>`
    select user_id from billing_customers where provider = ${provider} and provider_customer_id = ${customerId}`;
  return row?.user_id ?? null;
}

/** Keeps the customer made for a person; the first one stays when two were made at once. */
export async function saveCustomer(db: Queryable, userId: string, provider: Provider, customerId: string): Promise<string> {
  await db`
    insert into billing_customers (user_id, provider, provider_customer_id) values (${userId}, ${provider}, ${customerId})
    on conflict (user_id) do nothing`;
  const kept = await findCustomerId(db, userId, provider);
  if (kept === null) throw new Error('the billing customer vanished');
  return kept;
}

/** Takes the person's start-a-plan lease for `seconds`; false while another request holds it. */
export async function takeLease(db: Queryable, userId: string, seconds: number): Promise<boolean> {
  const rows = await db`
    update billing_customers set busy_until = now() + make_interval(secs => ${seconds})
    where user_id = ${userId} and (busy_until is null or busy_until < now())
    returning user_id`;
  return rows.length === 1;
}

export async function releaseLease(db: Queryable, userId: string): Promise<void> {
  await db`update billing_customers set busy_until = null where user_id = ${userId}`;
}

// ---------------------------------------------------------------- the plan mirror

export type SubscriptionMirror = Omit<SubscriptionRow, 'userId'>;

/** Writes what the provider says of a subscription now; returns the row as it was before. */
export async function saveSubscription(tx: TransactionSql, userId: string, provider: Provider, sub: SubscriptionMirror): Promise<SubscriptionRow | null> {
  const [before] = await tx<SubscriptionColumns[]>`
    select * from subscriptions where provider_subscription_id = ${sub.providerSubscriptionId} for update`;
  await tx`
    insert into subscriptions (
      user_id, provider, provider_customer_id, provider_subscription_id, status, current_period_start, current_period_end,
      cancel_at_period_end, renewed_at, latest_invoice_id, grace_until, test_clock, ended_at)
    values (
      ${userId}, ${provider}, ${sub.providerCustomerId}, ${sub.providerSubscriptionId}, ${sub.status}, ${sub.currentPeriodStart},
      ${sub.currentPeriodEnd}, ${sub.cancelAtPeriodEnd}, ${sub.renewedAt}, ${sub.latestInvoiceId}, ${sub.graceUntil}, ${sub.testClock},
      ${sub.endedAt})
    on conflict (provider_subscription_id) do update set
      status = excluded.status,
      provider_customer_id = excluded.provider_customer_id,
      current_period_start = excluded.current_period_start,
      current_period_end = excluded.current_period_end,
      cancel_at_period_end = excluded.cancel_at_period_end,
      renewed_at = excluded.renewed_at,
      latest_invoice_id = excluded.latest_invoice_id,
      grace_until = excluded.grace_until,
      test_clock = excluded.test_clock,
      ended_at = excluded.ended_at,
      updated_at = now()`;
  return before ? toSubscription(before) : null;
}

/** The person's plan to show: the live one, else the latest that ended; null if they never subscribed. */
export async function currentSubscription(db: Queryable, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db<SubscriptionColumns[]>`
    select * from subscriptions where user_id = ${userId}
    order by (status in ('incomplete', 'trialing', 'active', 'past_due')) desc, created_at desc, id
    limit 1`;
  return row ? toSubscription(row) : null;
}

/** Every status of the person's subscriptions: the account type follows from them. */
export async function subscriptionStatuses(tx: TransactionSql, userId: string): Promise<{ status: ProviderSubscriptionStatus; cancelAtPeriodEnd: boolean }[]> {
  const rows = await tx<{ status: ProviderSubscriptionStatus; cancel_at_period_end: boolean }[]>`
    select status, cancel_at_period_end from subscriptions where user_id = ${userId}`;
  return rows.map((row) => ({ status: row.status, cancelAtPeriodEnd: row.cancel_at_period_end }));
}

export async function setAccountType(tx: TransactionSql, userId: string, accountType: number): Promise<void> {
  await tx`update users set account_type = ${accountType}, updated_at = now() where id = ${userId} and account_type <> ${accountType}`;
}

export async function accountEmail(db: Queryable, userId: string): Promise<{ email: string; firstName: string } | null> {
  const [row] = await db<{ email: string; first_name: string }[]>`select email, first_name from users where id = ${userId}`;
  return row ? { email: row.email, firstName: row.first_name } : null;
}

// ---------------------------------------------------------------- checkouts

export interface CheckoutRow {
  readonly sessionId: string;
  readonly url: string;
  readonly expiresAt: Date;
}

export async function saveCheckout(db: Queryable, userId: string, checkout: CheckoutRow): Promise<void> {
  await db`
    insert into billing_checkouts (session_id, user_id, url, expires_at)
    values (${checkout.sessionId}, ${userId}, ${checkout.url}, ${checkout.expiresAt})
    on conflict (session_id) do nothing`;
}

/** The person's checkouts that may still be open (not past their expiry), newest first. */
export async function openCheckouts(db: Queryable, userId: string): Promise<CheckoutRow[]> {
  const rows = await db<{ session_id: string; url: string; expires_at: Date }[]>`
    select session_id, url, expires_at from billing_checkouts
    where user_id = ${userId} and expires_at > now() order by created_at desc`;
  return rows.map((row) => ({ sessionId: row.session_id, url: row.url, expiresAt: row.expires_at }));
}

export async function endCheckout(db: Queryable, sessionId: string): Promise<void> {
  await db`update billing_checkouts set expires_at = least(expires_at, now()) where session_id = ${sessionId}`;
}

export async function isCheckoutOf(db: Queryable, sessionId: string, userId: string): Promise<boolean> {
  const rows = await db`select 1 from billing_checkouts where session_id = ${sessionId} and user_id = ${userId}`;
  return rows.length === 1;
}

// ---------------------------------------------------------------- paid invoices

export interface PaidInvoice {
  readonly invoiceId: string;
  readonly userId: string;
  readonly provider: Provider;
  readonly providerSubscriptionId: string;
  readonly amountPaidCents: number;
  readonly billingReason: string | null;
  readonly paidAt: Date;
}

/** Records a paid invoice once; true the first time (its receipt is then due). */
export async function recordPaidInvoice(tx: TransactionSql, invoice: PaidInvoice): Promise<boolean> {
  const rows = await tx`
    insert into billing_invoices (invoice_id, user_id, provider, provider_subscription_id, amount_paid_cents, billing_reason, paid_at)
    values (${invoice.invoiceId}, ${invoice.userId}, ${invoice.provider}, ${invoice.providerSubscriptionId}, ${invoice.amountPaidCents},
            ${invoice.billingReason}, ${invoice.paidAt})
    on conflict (invoice_id) do nothing
    returning invoice_id`;
  return rows.length === 1;
}

export async function markInvoiceRefunded(db: Queryable, invoiceId: string): Promise<void> {
  await db`update billing_invoices set refunded_at = coalesce(refunded_at, now()) where invoice_id = ${invoiceId}`;
}
