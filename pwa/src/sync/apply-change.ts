import type { Hlc } from '#core/sync/hlc';
import { EMPTY_STATE, mergeStates, mergeWrite, type FieldState } from '#core/sync/merge';
import { SYNCED_TABLES, syncedTableSchema, type Change, type SyncedTable } from '#core/sync/protocol';
import { pendingWritesFor } from '../db/outbox';
import { clearRecords, editRecords, recordStore } from '../db/record-packs';
import type { RecordRow, UserDb } from '../db/user-db';

/**
 * How pulled changes meet the local records. Callers run these inside one read-write
 * transaction over the record tables, `outbox` and `meta`, together with the new cursor.
 */

const SYNCED_TABLE_NAMES = Object.keys(SYNCED_TABLES) as SyncedTable[];

/** The stores a transaction that applies changes must include besides `outbox` and `meta`. */
export function recordTables(db: UserDb) {
  return [recordStore(db)];
}

function toRow(key: string, state: FieldState): RecordRow {
  return { key, values: state.values, clocks: state.clocks };
}

/** `base` with this device's pending writes of the record merged on top, as the server will merge them. */
async function withPendingWrites(db: UserDb, table: SyncedTable, key: string, base: FieldState): Promise<FieldState> {
  let state = base;
  for (const entry of await pendingWritesFor(db, table, key)) {
    state = mergeWrite(state, { fields: entry.fields, hlc: entry.hlc }).state;
  }
  return state;
}

/**
 * A pulled record this device has no copy of, as `mergeStates(EMPTY_STATE, pulled)` makes it
 * (every field with a clock, in the same order), without the intermediate copies a merge makes
 * field by field: on a first sync that is every record.
 */
export function pulledState(change: Pick<Change, 'values' | 'clocks'>): FieldState {
  const values: Record<string, unknown> = {};
  const clocks: Record<string, Hlc> = {};
  for (const [field, hlc] of Object.entries(change.clocks)) {
    values[field] = change.values[field];
    clocks[field] = hlc;
  }
  return { values, clocks };
}

/**
 * Merges a page of pulled changes into the local records, in order. Field by field the newer
 * clock wins, so a local write still in the outbox keeps its value exactly when it is newer than
 * the pulled one, which is also what the server will decide once it receives that write.
 *
 * A deletion removes the record, but writes still pending here survive it: the person made
 * them, and the server will see them after the deletion.
 *
 * The records are stored in packs (see record-packs.ts): the page reads each pack it touches
 * once (on a new device, one request that finds none) and writes each once, so a first sync of
 * thousands of records costs a few hundred puts, not one per record. A page naming a record
 * twice (which the server never sends) is applied in order all the same.
 */
export async function applyChanges(db: UserDb, changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  const edit = await editRecords(db, changes);
  for (const change of changes) {
    if (change.deleted) {
      const pending = await withPendingWrites(db, change.table, change.key, EMPTY_STATE);
      if (Object.keys(pending.clocks).length === 0) edit.delete(change.table, change.key);
      else edit.put(change.table, toRow(change.key, pending));
    } else {
      const copy = edit.get(change.table, change.key);
      const pulled = { values: change.values, clocks: change.clocks };
      edit.put(change.table, toRow(change.key, copy === undefined ? pulledState(pulled) : mergeStates(copy, pulled)));
    }
  }
  await edit.save();
}

/** Merges one pulled change into the local record: `applyChanges` of a page of one. */
export async function applyChange(db: UserDb, change: Change): Promise<void> {
  await applyChanges(db, [change]);
}

/**
 * Drops every local copy of synced records, keeping only what this device has not pushed yet.
 * Used when the server says the cursor is too old to catch up from (reset): the pull from 0
 * that follows brings everything back, and pending writes stay visible all along.
 */
export async function replaceWithPendingWrites(db: UserDb): Promise<void> {
  for (const table of SYNCED_TABLE_NAMES) await clearRecords(db, table);
  const pending = await db.outbox.orderBy('seq').toArray();
  const rebuilt = new Map<string, { table: SyncedTable; key: string; state: FieldState }>();
  for (const entry of pending) {
    const parsed = syncedTableSchema.safeParse(entry.table);
    // An entry for a table this version does not know: the server will reject it; nothing to show.
    if (!parsed.success) continue;
    const table = parsed.data;
    const id = `${table}\u0000${entry.key}`;
    const current = rebuilt.get(id) ?? { table, key: entry.key, state: EMPTY_STATE };
    rebuilt.set(id, { ...current, state: mergeWrite(current.state, { fields: entry.fields, hlc: entry.hlc }).state });
  }
  const edit = await editRecords(db, [...rebuilt.values()]);
  for (const { table, key, state } of rebuilt.values()) edit.put(table, toRow(key, state));
  await edit.save();
}
