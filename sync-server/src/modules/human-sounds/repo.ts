import type { Queryable } from '../../db/client.ts';

/** SQL of Human Sounds (0001, 0010): download tokens, the library orders they open, the charity sum. */

export type LibraryOrderStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'refunded';

/** What a download token opens: its library order, as much of it as the library shows or checks. */
export interface LibraryOrder {
  readonly id: string;
  readonly email: string | null;
  readonly status: LibraryOrderStatus;
  readonly providerId: string | null;
  readonly createdAt: Date;
}

interface LibraryOrderColumns {
  id: string;
  email: string | null;
  status: LibraryOrderStatus;
  provider_id: string | null;
  created_at: Date;
}

/** Stores a token's hash for a library order; the database refuses any other kind of order. */
export async function insertDownloadToken(db: Queryable, orderId: string, tokenHash: Buffer): Promise<void> {
  await db`insert into download_tokens (token_hash, order_id, kind) values (${tokenHash}, ${orderId}, 'sounds')`;
}

export async function orderOfToken(db: Queryable, tokenHash: Buffer): Promise<LibraryOrder | null> {
  const [row] = await db<LibraryOrderColumns[]>`
    select o.id, o.email, o.status, o.provider_id, o.created_at
    from download_tokens t join orders o on o.id = t.order_id
    where t.token_hash = ${tokenHash}`;
  return row ? { id: row.id, email: row.email, status: row.status, providerId: row.provider_id, createdAt: row.created_at } : null;
}

/** What the paid library orders add up to, in cents (refunded ones no longer count). */
export async function paidSalesCents(db: Queryable): Promise<number> {
  const [row] = await db<{ cents: number }[]>`
    select coalesce(sum(amount_cents), 0)::bigint as cents from orders where kind = 'sounds' and status = 'succeeded'`;
  return row?.cents ?? 0;
}
