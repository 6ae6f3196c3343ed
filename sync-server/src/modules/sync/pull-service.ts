import { PULL_PAGE_BYTES, type PullResponse, type pullQuerySchema } from '#core/sync/protocol';
import type { z } from 'zod';
import type { Sql } from '../../db/client.ts';
import { readChanges, readChangesForSession, type ChangedRecords, type PageBounds } from './pull-repo.ts';
import type { Clock } from './record-writes.ts';

export type PullQuery = z.output<typeof pullQuerySchema>;

/**
 * A pull's answer: `json`, the JSON text of a `PullResponse` (its changes come from the database
 * as JSON text already, change-json.ts, and are put into the reply as they are), and `next`, its
 * cursor when more pages follow (PULL_NEXT_CURSOR_HEADER), else null.
 */
export interface PullReply {
  readonly json: string;
  readonly next: number | null;
}

/** The reply's fields besides its changes, as JSON text after the changes. */
function replyJson(changes: string, rest: Omit<PullResponse, 'changes'>): PullReply {
  // `rest` as an object of its own, its opening brace replaced by the changes before it.
  return { json: `{"changes":[${changes}],${JSON.stringify(rest).slice(1)}`, next: rest.hasMore ? rest.cursor : null };
}

/** The pull's answer from what readChanges found. */
function pullReply({ state, changes, lastRev, hasMore }: ChangedRecords, query: PullQuery, serverTime: number): PullReply {
  const tooOld = query.cursor > 0 && query.cursor < state.horizon;
  const fromTheFuture = query.cursor > state.rev;
  if (query.full !== true && (tooOld || fromTheFuture)) {
    return replyJson('', { cursor: 0, hasMore: false, reset: true, lastAppliedSeq: state.lastSeq, serverTime });
  }
  const cursor = hasMore ? (lastRev ?? query.cursor) : Math.max(query.cursor, state.rev);
  return replyJson(changes, { cursor, hasMore, reset: false, lastAppliedSeq: state.lastSeq, serverTime });
}

/** What one page may take: the query's row limit, and the byte bound of a page (a page cut short by it has more). */
const pageBounds = (query: PullQuery): PageBounds => ({ rows: query.limit, bytes: PULL_PAGE_BYTES });

/**
 * GET /api/sync/pull. A cursor below the tombstone horizon could miss deletions, and one above
 * the current revision means the server lost changes the device has (a restore): both answer
 * reset, unless the device says it is already pulling everything from 0 (`full`).
 */
export async function pullChanges(sql: Sql, userId: string, query: PullQuery, clock: Clock): Promise<PullReply> {
  const read = await readChanges(sql, userId, query.cursor, pageBounds(query), query.clientId ?? null);
  return pullReply(read, query, clock());
}

/**
 * The same pull for the bearer of a session token (its SHA-256, as sessions stores it), the
 * session checked in the pull's own statement; null when the session is not live.
 */
export async function pullChangesForSession(sql: Sql, tokenHash: Buffer, query: PullQuery, clock: Clock): Promise<PullReply | null> {
  const read = await readChangesForSession(sql, tokenHash, query.cursor, pageBounds(query), query.clientId ?? null);
  return read === null ? null : pullReply(read, query, clock());
}
