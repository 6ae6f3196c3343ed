import type { Queryable } from '../../db/client.ts';
import { liveSession } from '../accounts/session-repo.ts';
import { recordFromColumns, type StoredRecord } from './record-columns.ts';
import { exerciseColumns, gameColumns, profileColumns, triageColumns, type RecordRow } from './records-repo.ts';

export interface PullState {
  readonly rev: number;
  readonly horizon: number;
  readonly lastSeq: number | null;
}

export interface ChangedRecords {
  readonly state: PullState;
  /** Records with a revision above the cursor, in revision order, within the page's bounds. */
  readonly records: StoredRecord[];
  /** The byte bound left out records that the row bound would have taken. */
  readonly cutShort: boolean;
}

/**
 * How much one read may take: at most `rows` records, and no record once the field data read so
 * far would pass `bytes` (UTF-8 bytes of the texts, see PULL_PAGE_BYTES); the first record is
 * always read, whatever its size, so paging always moves on.
 */
export interface PageBounds {
  readonly rows: number;
  readonly bytes: number;
}

/** Whose changes a pull reads: a known user, or the user of a live session found in the same statement. */
type PullOwner = { readonly userId: string } | { readonly tokenHash: Buffer };

/**
 * The owner's records changed after `cursor`, with the current revision, the tombstone horizon
 * and the client's last seq, all in ONE statement and so from one snapshot: a cursor made of
 * the current revision can then never pass over a change the page did not include. Null when
 * the owner is a session that is unknown, revoked or expired.
 *
 * The bounds are applied in the statement: the candidates (at most `rows`) are first listed
 * with only their revision and size (octet_length of a stored text reads its length without
 * reading the text), a running sum picks the prefix within `bytes`, and only those records are
 * read in full. A page of long journal days never passes through this process whole.
 *
 * The candidates are the owner's lowest revisions above the cursor, across every table, and each
 * revision belongs to one record, so the page is exactly the records with a revision from the
 * cursor (excluded) to the page's last one: each table is read in full with one range scan of
 * its (user_id, rev) index, instead of one primary-key lookup per record of the page.
 */
async function readOwnedChanges(
  db: Queryable,
  owner: PullOwner,
  cursor: number,
  bounds: PageBounds,
  clientId: string | null,
): Promise<(ChangedRecords & { readonly userId: string }) | null> {
  type Row = { [K in keyof RecordRow]: RecordRow[K] | null } & {
    user_id: string;
    current_rev: number;
    horizon: number;
    last_seq: number | null;
    candidates: number | null;
  };
  const ownerRow =
    'userId' in owner
      ? db`select ${owner.userId}::uuid as user_id`
      : liveSession(db, owner.tokenHash);
  // One row even with no change (the left joins' nulls): the state columns are always there;
  // no row at all only when the session is not live.
  const rows = await db<Row[]>`
    with owner as (${ownerRow}), state as (
      select o.user_id, coalesce(u.rev, 0) as current_rev, coalesce(u.tombstone_horizon, 0) as horizon, c.last_seq
      from owner o
      left join user_revisions u on u.user_id = o.user_id
      left join sync_clients c on c.client_id = ${clientId} and c.user_id = o.user_id
    ), candidates as (
      select listed.* from state cross join lateral (
        select * from (
          (select rev, octet_length(gratitude_one) + octet_length(gratitude_two) + octet_length(gratitude_three) as bytes
            from exercises where user_id = state.user_id and rev > ${cursor} order by rev limit ${bounds.rows})
          union all
          (select rev, octet_length(streak_freezes::text)
            from profiles where user_id = state.user_id and rev > ${cursor})
          union all
          (select rev, octet_length(game_progress.state::text)
            from game_progress where user_id = state.user_id and rev > ${cursor})
          union all
          (select rev, 0
            from hn_triage where user_id = state.user_id and rev > ${cursor} order by rev limit ${bounds.rows})
        ) as records order by rev limit ${bounds.rows}
      ) as listed
    ), measured as (
      select rev, count(*) over () as candidates, row_number() over running as n, sum(bytes) over running as through
      from candidates window running as (order by rev rows between unbounded preceding and current row)
    ), page as (
      select max(rev) as last_rev, max(candidates) as candidates from measured where n = 1 or through <= ${bounds.bytes}
    )
    select state.*, page.candidates::integer as candidates, changed.* from state
    cross join page
    left join lateral (
      select ${exerciseColumns(db)} from exercises
        where user_id = state.user_id and rev > ${cursor} and rev <= page.last_rev
      union all
      select ${profileColumns(db)} from profiles where user_id = state.user_id and rev > ${cursor} and rev <= page.last_rev
      union all
      select ${gameColumns(db)} from game_progress where user_id = state.user_id and rev > ${cursor} and rev <= page.last_rev
      union all
      select ${triageColumns(db)} from hn_triage
        where user_id = state.user_id and rev > ${cursor} and rev <= page.last_rev
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
  return { userId: first.user_id, state, records, cutShort: records.length < (first.candidates ?? 0) };
}

/** The user's records changed after `cursor` (see readOwnedChanges). */
export async function readChanges(
  db: Queryable,
  userId: string,
  cursor: number,
  bounds: PageBounds,
  clientId: string | null,
): Promise<ChangedRecords> {
  const read = await readOwnedChanges(db, { userId }, cursor, bounds, clientId);
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
  bounds: PageBounds,
  clientId: string | null,
): Promise<(ChangedRecords & { readonly userId: string }) | null> {
  return readOwnedChanges(db, { tokenHash }, cursor, bounds, clientId);
}
