import type { Queryable } from '../../db/client.ts';
import { liveSession } from '../accounts/session-repo.ts';
import { recordFromColumns, type StoredRecord } from './record-columns.ts';
import { exerciseColumns, gameColumns, profileColumns, type RecordRow } from './records-repo.ts';

export interface PullState {
  readonly rev: number;
  readonly horizon: number;
  readonly lastSeq: number | null;
}

export interface ChangedRecords {
  readonly state: PullState;
  /** Records with a revision above the cursor, in revision order, at most `limit`. */
  readonly records: StoredRecord[];
}

/** Whose changes a pull reads: a known user, or the user of a live session found in the same statement. */
type PullOwner = { readonly userId: string } | { readonly tokenHash: Buffer };

/**
 * The owner's records changed after `cursor`, with the current revision, the tombstone horizon
 * and the client's last seq, all in ONE statement and so from one snapshot: a cursor made of
 * the current revision can then never pass over a change the page did not include. Null when
 * the owner is a session that is unknown, revoked or expired.
 */
async function readOwnedChanges(
  db: Queryable,
  owner: PullOwner,
  cursor: number,
  limit: number,
  clientId: string | null,
): Promise<(ChangedRecords & { readonly userId: string }) | null> {
  type Row = { [K in keyof RecordRow]: RecordRow[K] | null } & {
    user_id: string;
    current_rev: number;
    horizon: number;
    last_seq: number | null;
  };
  const ownerRow =
    'userId' in owner
      ? db`select ${owner.userId}::uuid as user_id`
      : liveSession(db, owner.tokenHash);
  // One row even with no change (the lateral join's nulls): the state columns are always there;
  // no row at all only when the session is not live.
  const rows = await db<Row[]>`
    with owner as (${ownerRow}), state as (
      select o.user_id, coalesce(u.rev, 0) as current_rev, coalesce(u.tombstone_horizon, 0) as horizon, c.last_seq
      from owner o
      left join user_revisions u on u.user_id = o.user_id
      left join sync_clients c on c.client_id = ${clientId} and c.user_id = o.user_id
    )
    select state.*, changed.* from state left join lateral (
      select * from (
        (select ${exerciseColumns(db)} from exercises where user_id = state.user_id and rev > ${cursor} order by rev limit ${limit})
        union all
        (select ${profileColumns(db)} from profiles where user_id = state.user_id and rev > ${cursor})
        union all
        (select ${gameColumns(db)} from game_progress where user_id = state.user_id and rev > ${cursor})
      ) as records order by rev limit ${limit}
    ) as changed on true
    order by changed.rev`;
  const first = rows[0];
  if (first === undefined) return null;
  const state: PullState = { rev: first.current_rev, horizon: first.horizon, lastSeq: first.last_seq };
  const records: StoredRecord[] = [];
  for (const row of rows) {
    if (row.tbl === null || row.key === null || row.rev === null) continue;
    records.push(recordFromColumns(row.tbl, row.key, row.rev, row.vals, row.clocks));
  }
  return { userId: first.user_id, state, records };
}

/** The user's records changed after `cursor` (see readOwnedChanges). */
export async function readChanges(
  db: Queryable,
  userId: string,
  cursor: number,
  limit: number,
  clientId: string | null,
): Promise<ChangedRecords> {
  const read = await readOwnedChanges(db, { userId }, cursor, limit, clientId);
  if (read === null) throw new Error('a pull by user id always has its state row');
  return read;
}

/**
 * The same for the user of a live session (token hash as sessions stores it), with the session
 * check in the same statement: a pull is one round trip. Null when the session is not live.
 */
export function readChangesForSession(
  db: Queryable,
  tokenHash: Buffer,
  cursor: number,
  limit: number,
  clientId: string | null,
): Promise<(ChangedRecords & { readonly userId: string }) | null> {
  return readOwnedChanges(db, { tokenHash }, cursor, limit, clientId);
}
