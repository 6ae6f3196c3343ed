import type { Sql } from '../../db/client.ts';
import { transact } from '../../db/transact.ts';
import { purgeTombstones, type PurgedHorizon } from './purge-repo.ts';
import { LOCKED } from './record-writes.ts';

/** Deleted records are kept this long so devices that were offline still learn of the deletion. */
export const TOMBSTONE_KEEP_DAYS = 90;

/** Removes tombstones older than `keepDays` and records each user's new horizon (a daily job). */
export async function purgeOldTombstones(
  sql: Sql,
  { now, keepDays = TOMBSTONE_KEEP_DAYS }: { readonly now: number; readonly keepDays?: number },
): Promise<PurgedHorizon[]> {
  const cutoff = new Date(now - keepDays * 24 * 60 * 60 * 1000);
  return transact(sql, (tx) => purgeTombstones(tx, cutoff), LOCKED);
}
