import { PULL_PAGE_MAX, type PullResponse } from '#core/sync/protocol';
import { observeRemoteClocks } from '../db/clock-state';
import { acknowledgeOutbox } from '../db/outbox';
import { readMeta, writeMeta } from '../db/meta';
import type { UserDb } from '../db/user-db';
import { applyChange, recordTables, replaceWithPendingWrites } from './apply-change';
import { SyncError } from './errors';
import { recordServerTime } from './server-offset';
import type { SyncTransport } from './transport';

export interface PullContext {
  readonly db: UserDb;
  readonly transport: SyncTransport;
  readonly now: () => number;
  readonly pageSize?: number;
}

interface PageTiming {
  readonly sentAt: number;
  readonly receivedAt: number;
}

/**
 * Writes one page, its cursor and what it says about time and this client's queue in ONE
 * transaction. A crash or a closed tab half-way leaves either the old cursor with the old
 * records or the new cursor with the new ones, never a cursor past changes that were not kept.
 */
async function storePage(
  db: UserDb,
  clientId: string,
  page: PullResponse,
  timing: PageTiming,
  options: { readonly replaceFirst: boolean; readonly finished: boolean },
): Promise<void> {
  await db.transaction('rw', [...recordTables(db), db.outbox, db.meta], async () => {
    if (options.replaceFirst) await replaceWithPendingWrites(db);
    // The server acknowledges our writes here too, which matters when a push reply was lost.
    // Done before merging so a deletion does not bring back a write the server already has.
    if (page.lastAppliedSeq !== null) await acknowledgeOutbox(db, page.lastAppliedSeq);
    for (const change of page.changes) await applyChange(db, change);
    await observeRemoteClocks(db, clientId, page.changes.flatMap((change) => Object.values(change.clocks)), timing.receivedAt);
    await recordServerTime(db, page.serverTime, timing.sentAt, timing.receivedAt);
    await writeMeta(db, 'cursor', page.cursor);
    if (options.finished) await writeMeta(db, 'lastSyncedAt', timing.receivedAt);
  });
}

/** Pulls every page after the stored cursor; returns how many changes were applied. */
export async function pullChanges(context: PullContext): Promise<number> {
  const { db, transport, now } = context;
  const clientId = await readMeta(db, 'clientId');
  if (clientId === undefined) throw new SyncError('retryable', 'NO_CLIENT_ID', 'This device has no sync id yet');
  let cursor = (await readMeta(db, 'cursor')) ?? 0;
  let replaceFirst = false;
  let applied = 0;
  for (;;) {
    const sentAt = now();
    const page = await transport.pull({ cursor, limit: context.pageSize ?? PULL_PAGE_MAX, clientId });
    const receivedAt = now();
    if (page.reset) {
      // The server no longer keeps the deletions between our cursor and now: start over from 0,
      // replacing the local copies in the same transaction as the first new page.
      if (cursor === 0) throw new SyncError('retryable', 'RESET_LOOP', 'The server asked to start over from the start');
      cursor = 0;
      replaceFirst = true;
      continue;
    }
    if (page.hasMore && page.cursor <= cursor) {
      throw new SyncError('retryable', 'NO_PROGRESS', 'The server sent a page without moving the cursor');
    }
    await storePage(db, clientId, page, { sentAt, receivedAt }, { replaceFirst, finished: !page.hasMore });
    replaceFirst = false;
    applied += page.changes.length;
    cursor = page.cursor;
    if (!page.hasMore) return applied;
  }
}
