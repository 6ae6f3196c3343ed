import type { TransactionSql } from '../../db/client.ts';

/** The sync_clients rows a push reads and moves on: which account a device id belongs to, and its last applied seq. */

export interface SyncClientRow {
  readonly userId: string;
  readonly lastSeq: number;
}

/** The client's row, made for `userId` on first use and locked; its owner may be someone else. */
export async function bindClient(tx: TransactionSql, clientId: string, userId: string): Promise<SyncClientRow> {
  const [row] = await tx<{ user_id: string; last_seq: number }[]>`
    insert into sync_clients (client_id, user_id) values (${clientId}, ${userId})
    on conflict (client_id) do update set last_seen_at = now()
    returning user_id, last_seq`;
  if (row === undefined) throw new Error('sync_clients upsert returned no row');
  return { userId: row.user_id, lastSeq: row.last_seq };
}

export async function setClientSeq(tx: TransactionSql, clientId: string, lastSeq: number): Promise<void> {
  await tx`update sync_clients set last_seq = greatest(last_seq, ${lastSeq}) where client_id = ${clientId}`;
}
