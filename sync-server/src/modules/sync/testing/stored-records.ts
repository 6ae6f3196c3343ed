import type { Change } from '#core/sync/protocol';
import type { Queryable } from '../../../db/client.ts';
import { DELETED_FIELD, isDeleted, recordFromColumns, withoutDeleted, type StoredRecord } from '../record-columns.ts';
import { exerciseColumns, gameColumns, profileColumns, triageColumns, type RecordRow } from '../records-repo.ts';

/**
 * Every synced record of a user as the server reads a record into JavaScript (records-repo.ts'
 * columns, recordFromColumns), in revision order: for tests that compare whole databases, and
 * the reference a pull's changes are held to.
 */
export async function storedRecords(db: Queryable, userId: string): Promise<StoredRecord[]> {
  const rows = await db<RecordRow[]>`
    select ${exerciseColumns(db)} from exercises where user_id = ${userId}
    union all
    select ${profileColumns(db)} from profiles where user_id = ${userId}
    union all
    select ${gameColumns(db)} from game_progress where user_id = ${userId}
    union all
    select ${triageColumns(db)} from hn_triage where user_id = ${userId}
    order by rev`;
  return rows.map((row) => recordFromColumns(row.tbl, row.key, row.rev, row.vals, row.clocks));
}

/** A stored record as the protocol reports it; a tombstone carries only the clock of its deletion. */
export function toChange(record: StoredRecord): Change {
  const { table, key, rev, state } = record;
  if (isDeleted(state)) {
    const deletedClock = state.clocks[DELETED_FIELD];
    return { table, key, values: {}, clocks: deletedClock === undefined ? {} : { [DELETED_FIELD]: deletedClock }, deleted: true, rev };
  }
  return { table, key, values: withoutDeleted(state.values), clocks: withoutDeleted(state.clocks), deleted: false, rev };
}
