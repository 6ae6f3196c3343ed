import { liveQuery } from 'dexie';
import type { SyncedTable } from '#core/sync/protocol';
import { readWhileOpen } from './read-while-open';
import type { OutboxEntry, UserDb } from './user-db';

/**
 * The queue of local writes not yet acknowledged by the server, in seq order. Entries leave it
 * only when the server says it has applied (or rejected) every seq up to theirs.
 */

/**
 * The oldest pending writes, at most `maxCount` of them and, after the first, at most about
 * `maxBytes` of JSON, so a queue of long journal texts never builds a request the server refuses
 * as too large. The first entry always goes, or a single large write could never leave.
 */
export async function takeOutboxBatch(db: UserDb, maxCount: number, maxBytes: number): Promise<OutboxEntry[]> {
  const candidates = await db.outbox.orderBy('seq').limit(maxCount).toArray();
  const batch: OutboxEntry[] = [];
  let bytes = 0;
  for (const entry of candidates) {
    bytes += JSON.stringify(entry.fields).length + entry.key.length + entry.hlc.length + 64;
    if (batch.length > 0 && bytes > maxBytes) break;
    batch.push(entry);
  }
  return batch;
}

/** Removes every entry the server has applied or rejected; returns how many left. */
export async function acknowledgeOutbox(db: UserDb, lastAppliedSeq: number): Promise<number> {
  return db.outbox.where('seq').belowOrEqual(lastAppliedSeq).delete();
}

/** The pending writes of one record, oldest first. */
export async function pendingWritesFor(db: UserDb, table: SyncedTable, key: string): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('[table+key]').equals([table, key]).toArray();
  return entries.sort((a, b) => a.seq - b.seq);
}

/** How many local writes have not reached the server yet. */
export function countPendingWrites(db: UserDb): Promise<number> {
  return db.outbox.count();
}

/**
 * Calls back with the number of pending writes now and after every commit that changes it
 * (this tab's, another tab's or a sync's); returns the stop. A closed database counts as unknown
 * and is not reported.
 */
export function watchPendingWrites(db: UserDb, onCount: (pending: number) => void): () => void {
  const subscription = liveQuery(() => readWhileOpen(db, countPendingWrites)).subscribe({
    next: (pending) => {
      if (pending !== undefined) onCount(pending);
    },
    error: () => undefined,
  });
  return () => {
    subscription.unsubscribe();
  };
}
