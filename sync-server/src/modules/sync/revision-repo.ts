import type { TransactionSql } from '../../db/client.ts';

export interface UserRevision {
  readonly rev: number;
  readonly horizon: number;
}

/**
 * Takes the user's revision row (made on first use) and holds its lock until the transaction
 * ends. Every change to a user's synced records runs under this lock, so revisions commit in
 * the order they are handed out and a pull never skips a lower revision committed later.
 */
export async function lockUserRevision(tx: TransactionSql, userId: string): Promise<UserRevision> {
  const [row] = await tx<{ rev: number; tombstone_horizon: number }[]>`
    insert into user_revisions (user_id) values (${userId})
    on conflict (user_id) do update set rev = user_revisions.rev
    returning rev, tombstone_horizon`;
  if (row === undefined) throw new Error('user_revisions upsert returned no row');
  return { rev: row.rev, horizon: row.tombstone_horizon };
}

/** Hands out `count` revisions after the current one; returns the last of them. */
export async function reserveRevisions(tx: TransactionSql, userId: string, count: number): Promise<number> {
  const [row] = await tx<{ rev: number }[]>`
    update user_revisions set rev = rev + ${count} where user_id = ${userId} returning rev`;
  if (row === undefined) throw new Error('user_revisions row vanished under its lock');
  return row.rev;
}
