import { PULL_PAGE_MAX, type Change, type PullResponse } from '#core/sync/protocol';
import { observeRemoteClocks } from '../db/clock-state';
import { acknowledgeOutbox } from '../db/outbox';
import { readMeta, writeMeta } from '../db/meta';
import type { UserDb } from '../db/user-db';
import { applyChanges, recordTables, replaceWithPendingWrites } from './apply-change';
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
 * Writes changes, the cursor and what the page says about time and this client's queue in ONE
 * transaction. A crash or a closed tab half-way leaves either the old cursor with the old
 * records or the new cursor with the new ones, never a cursor past changes that were not kept.
 *
 * With `replace`, the local copies are first dropped (keeping writes still pending here): the
 * changes are then the whole server state, pulled from 0 after a reset.
 */
async function store(
  db: UserDb,
  clientId: string,
  changes: readonly Change[],
  page: PullResponse,
  timing: PageTiming,
  replace: boolean,
): Promise<void> {
  await db.transaction('rw', [...recordTables(db), db.outbox, db.meta], async () => {
    if (replace) await replaceWithPendingWrites(db);
    // The server acknowledges our writes here too, which matters when a push reply was lost.
    // Done before merging so a deletion does not bring back a write the server already has.
    if (page.lastAppliedSeq !== null) await acknowledgeOutbox(db, page.lastAppliedSeq);
    await applyChanges(db, changes);
    await observeRemoteClocks(db, clientId, changes.flatMap((change) => Object.values(change.clocks)), timing.receivedAt);
    await recordServerTime(db, page.serverTime, timing.sentAt, timing.receivedAt);
    await writeMeta(db, 'cursor', page.cursor);
    if (!page.hasMore) await writeMeta(db, 'lastSyncedAt', timing.receivedAt);
  });
}

/** The newest state of each record among `changes` (a record can change while we page). */
function newestPerRecord(changes: readonly Change[]): Change[] {
  const newest = new Map<string, Change>();
  for (const change of changes) {
    const id = `${change.table}\u0000${change.key}`;
    const seen = newest.get(id);
    if (seen === undefined || seen.rev < change.rev) newest.set(id, change);
  }
  return [...newest.values()];
}

/**
 * Pulls every page after the stored cursor; returns how many changes were applied. Each page is
 * stored with its cursor as it arrives.
 *
 * After a reset (the server no longer keeps the deletions between our cursor and now) the
 * pages from 0 are collected first and replace the local copies in one transaction at the end.
 * Replacing page by page would make records vanish from the screen (the person's own synced
 * writes among them) for as long as a failed pull left the rest unfetched.
 */
export async function pullChanges(context: PullContext): Promise<number> {
  const { db, transport, now } = context;
  const clientId = await readMeta(db, 'clientId');
  if (clientId === undefined) throw new SyncError('retryable', 'NO_CLIENT_ID', 'This device has no sync id yet');
  let cursor = (await readMeta(db, 'cursor')) ?? 0;
  let fromScratch: Change[] | null = null;
  let applied = 0;
  for (;;) {
    const sentAt = now();
    // Every page of a pass from 0 after a reset says so: its cursors are below the server's
    // tombstone horizon, and without the flag the server would ask to start over on page two.
    const query = { cursor, limit: context.pageSize ?? PULL_PAGE_MAX, clientId, ...(fromScratch === null ? {} : { full: true }) };
    const page = await transport.pull(query);
    const receivedAt = now();
    if (page.reset) {
      if (cursor === 0 || fromScratch !== null) {
        throw new SyncError('retryable', 'RESET_LOOP', 'The server asked again to start over');
      }
      cursor = 0;
      fromScratch = [];
      continue;
    }
    if (page.hasMore && page.cursor <= cursor) {
      throw new SyncError('retryable', 'NO_PROGRESS', 'The server sent a page without moving the cursor');
    }
    cursor = page.cursor;
    if (fromScratch === null) {
      await store(db, clientId, page.changes, page, { sentAt, receivedAt }, false);
      applied += page.changes.length;
    } else {
      fromScratch.push(...page.changes);
      if (page.hasMore) continue;
      const whole = newestPerRecord(fromScratch);
      await store(db, clientId, whole, page, { sentAt, receivedAt }, true);
      applied += whole.length;
    }
    if (!page.hasMore) return applied;
  }
}
