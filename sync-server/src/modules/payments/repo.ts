import type { Queryable, TransactionSql } from '../../db/client.ts';

/** SQL of payments (0001, 0009): orders, handled webhook events, the next-product list. */

export type OrderKind = 'pass' | 'sounds' | 'expert' | 'pro';
export type StoredOrderStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'refunded';

export interface OrderRow {
  readonly id: string;
  readonly kind: OrderKind;
  readonly amountCents: number;
  readonly currency: string;
  readonly email: string | null;
  readonly name: string | null;
  readonly userId: string | null;
  /** The expert of an expert's hour; null for every other kind. */
  readonly expertId: string | null;
  readonly providerId: string | null;
  readonly idempotencyKey: string;
  readonly status: StoredOrderStatus;
  readonly createdAt: Date;
}

interface OrderColumns {
  id: string;
  kind: OrderKind;
  amount_cents: number;
  currency: string;
  email: string | null;
  name: string | null;
  user_id: string | null;
  expert_id: string | null;
  provider_id: string | null;
  idempotency_key: string;
  status: StoredOrderStatus;
  created_at: Date;
}

function toOrder(row: OrderColumns): OrderRow {
  return {
    id: row.id,
    kind: row.kind,
    amountCents: row.amount_cents,
    currency: row.currency,
    email: row.email,
    name: row.name,
    userId: row.user_id,
    expertId: row.expert_id,
    providerId: row.provider_id,
    idempotencyKey: row.idempotency_key,
    status: row.status,
    createdAt: row.created_at,
  };
}

export interface NewOrder {
  readonly kind: OrderKind;
  readonly amountCents: number;
  readonly currency: string;
  readonly email: string;
  readonly name: string;
  readonly userId: string | null;
  readonly provider: 'stripe' | 'test';
  readonly idempotencyKey: string;
  /** Kind 'expert' only. */
  readonly expertId?: string | null;
}

/**
 * The order of this idempotency key: made now, or the one a first submit made (whose kind,
 * amount and buyer stay as they were). One statement, so two submits at once meet on one row.
 */
export async function upsertOrder(db: Queryable, order: NewOrder): Promise<OrderRow> {
  const [row] = await db<OrderColumns[]>`
    insert into orders (kind, amount_cents, currency, email, name, user_id, provider, idempotency_key, expert_id)
    values (${order.kind}, ${order.amountCents}, ${order.currency}, ${order.email}, ${order.name}, ${order.userId},
            ${order.provider}, ${order.idempotencyKey}, ${order.expertId ?? null})
    on conflict (idempotency_key) do update set updated_at = orders.updated_at
    returning *`;
  if (!row) throw new Error('upsert returned no order');
  return toOrder(row);
}

export async function findOrder(db: Queryable, id: string, idempotencyKey: string): Promise<OrderRow | null> {
  const [row] = await db<OrderColumns[]>`select * from orders where id = ${id} and idempotency_key = ${idempotencyKey}`;
  return row ? toOrder(row) : null;
}

/**
 * What the provider answered a charge: the attempt's PaymentIntent, and `requires_action` or
 * `failed` when so (success waits for the webhook). Never moves an order back from a final
 * state the webhook already set.
 */
export async function recordAttempt(
  db: Queryable,
  orderId: string,
  providerId: string | null,
  outcome: 'requires_action' | 'failed' | null,
): Promise<void> {
  await db`
    update orders set
      provider_id = coalesce(${providerId}, provider_id),
      status = case
        when ${outcome}::text = 'requires_action' and status in ('pending', 'failed') then 'requires_action'
        when ${outcome}::text = 'failed' and status in ('pending', 'requires_action') then 'failed'
        else status end,
      updated_at = now()
    where id = ${orderId} and status not in ('succeeded', 'refunded')`;
}

/** Whether an event was handled already (read outside the event's transaction, as a shortcut). */
export async function isWebhookEventKnown(db: Queryable, eventId: string): Promise<boolean> {
  const rows = await db`select 1 from webhook_events where event_id = ${eventId}`;
  return rows.length === 1;
}

/** Marks an event handled; false when it was already (a redelivery). */
export async function recordWebhookEvent(tx: TransactionSql, eventId: string, type: string): Promise<boolean> {
  const rows = await tx`insert into webhook_events (event_id, type) values (${eventId}, ${type}) on conflict do nothing returning event_id`;
  return rows.length === 1;
}

/** pending | requires_action | failed → succeeded, for the amount the order costs; the order when it changed. */
export async function markSucceeded(tx: TransactionSql, orderId: string, providerId: string, amountCents: number): Promise<OrderRow | null> {
  const [row] = await tx<OrderColumns[]>`
    update orders set status = 'succeeded', provider_id = ${providerId}, updated_at = now()
    where id = ${orderId} and amount_cents = ${amountCents} and status in ('pending', 'requires_action', 'failed')
    returning *`;
  return row ? toOrder(row) : null;
}

/** pending | requires_action → failed, when the failed PaymentIntent is still the order's attempt. */
export async function markFailed(tx: TransactionSql, orderId: string, providerId: string): Promise<void> {
  await tx`
    update orders set status = 'failed', provider_id = ${providerId}, updated_at = now()
    where id = ${orderId} and status in ('pending', 'requires_action') and (provider_id is null or provider_id = ${providerId})`;
}

/** succeeded → refunded, by the PaymentIntent. */
export async function markRefunded(tx: TransactionSql, provider: 'stripe' | 'test', providerId: string): Promise<void> {
  await tx`
    update orders set status = 'refunded', updated_at = now()
    where provider = ${provider} and provider_id = ${providerId} and status = 'succeeded'`;
}

export async function addNextProductNotice(tx: TransactionSql, email: string, userId: string | null, orderId: string): Promise<void> {
  await tx`
    insert into next_product_notices (email, user_id, order_id) values (${email.toLowerCase()}, ${userId}, ${orderId})
    on conflict (email) do update set user_id = coalesce(next_product_notices.user_id, excluded.user_id)`;
}

/** The paid (or refunded) orders of an account, newest first. */
export async function accountOrders(db: Queryable, userId: string): Promise<OrderRow[]> {
  const rows = await db<OrderColumns[]>`
    select * from orders where user_id = ${userId} and status in ('succeeded', 'refunded') order by created_at desc, id`;
  return rows.map(toOrder);
}
