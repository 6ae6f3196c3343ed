import { PULL_PAGE_BYTES, type Change, type PullResponse, type pullQuerySchema } from '#core/sync/protocol';
import type { z } from 'zod';
import type { Sql } from '../../db/client.ts';
import { readChanges, readChangesForSession, type ChangedRecords, type PageBounds } from './pull-repo.ts';
import { DELETED_FIELD, isDeleted, withoutDeleted, type StoredRecord } from './record-columns.ts';
import type { Clock } from './record-writes.ts';

export type PullQuery = z.output<typeof pullQuerySchema>;

/** A record as a pull reports it; a tombstone carries only the clock of its deletion. */
export function toChange(record: StoredRecord): Change {
  const { table, key, rev, state } = record;
  if (isDeleted(state)) {
    const deletedClock = state.clocks[DELETED_FIELD];
    return { table, key, values: {}, clocks: deletedClock === undefined ? {} : { [DELETED_FIELD]: deletedClock }, deleted: true, rev };
  }
  return { table, key, values: withoutDeleted(state.values), clocks: withoutDeleted(state.clocks), deleted: false, rev };
}

/** The pull's answer from what readChanges found. */
function pullResponse({ state, records, cutShort }: ChangedRecords, query: PullQuery, serverTime: number): PullResponse {
  const tooOld = query.cursor > 0 && query.cursor < state.horizon;
  const fromTheFuture = query.cursor > state.rev;
  if (query.full !== true && (tooOld || fromTheFuture)) {
    return { changes: [], cursor: 0, hasMore: false, reset: true, lastAppliedSeq: state.lastSeq, serverTime };
  }
  const page = records.slice(0, query.limit);
  const hasMore = cutShort || records.length > query.limit;
  const cursor = hasMore ? (page.at(-1)?.rev ?? query.cursor) : Math.max(query.cursor, state.rev);
  return { changes: page.map(toChange), cursor, hasMore, reset: false, lastAppliedSeq: state.lastSeq, serverTime };
}

/**
 * What one read takes: one record more than the page, to know whether there are more, and the
 * byte bound of a page (a page cut short by it has more too).
 */
const pageBounds = (query: PullQuery): PageBounds => ({ rows: query.limit + 1, bytes: PULL_PAGE_BYTES });

/**
 * GET /api/sync/pull. A cursor below the tombstone horizon could miss deletions, and one above
 * the current revision means the server lost changes the device has (a restore): both answer
 * reset, unless the device says it is already pulling everything from 0 (`full`).
 */
export async function pullChanges(sql: Sql, userId: string, query: PullQuery, clock: Clock): Promise<PullResponse> {
  const read = await readChanges(sql, userId, query.cursor, pageBounds(query), query.clientId ?? null);
  return pullResponse(read, query, clock());
}

/**
 * The same pull for the bearer of a session token (its SHA-256, as sessions stores it), the
 * session checked in the pull's own statement; null when the session is not live.
 */
export async function pullChangesForSession(sql: Sql, tokenHash: Buffer, query: PullQuery, clock: Clock): Promise<PullResponse | null> {
  const read = await readChangesForSession(sql, tokenHash, query.cursor, pageBounds(query), query.clientId ?? null);
  return read === null ? null : pullResponse(read, query, clock());
}
