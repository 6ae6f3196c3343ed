import type { EntityTable } from 'dexie';
import type { Hlc } from '#core/sync/hlc';
import { EMPTY_STATE, mergeStates, mergeWrite, type FieldState } from '#core/sync/merge';
import { SYNCED_TABLES, syncedTableSchema, type Change, type SyncedTable } from '#core/sync/protocol';
import { pendingWritesFor } from '../db/outbox';
import { recordTable, type RecordRow, type UserDb } from '../db/user-db';

/**
 * How pulled changes meet the local records. Callers run these inside one read-write
 * transaction over the record tables, `outbox` and `meta`, together with the new cursor.
 */

const SYNCED_TABLE_NAMES = Object.keys(SYNCED_TABLES) as SyncedTable[];

export function recordTables(db: UserDb) {
  return SYNCED_TABLE_NAMES.map((table) => recordTable(db, table));
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
 * Merges one pulled change into the local record. Field by field the newer clock wins, so a
 * local write still in the outbox keeps its value exactly when it is newer than the pulled one,
 * which is also what the server will decide once it receives that write.
 *
 * A deletion removes the record, but writes still pending here survive it: the person made
 * them, and the server will see them after the deletion.
 */
export async function applyChange(db: UserDb, change: Change): Promise<void> {
  const records = recordTable(db, change.table);
  if (change.deleted) {
    const pending = await withPendingWrites(db, change.table, change.key, EMPTY_STATE);
    if (Object.keys(pending.clocks).length === 0) await records.delete(change.key);
    else await records.put(toRow(change.key, pending));
    return;
  }
  const local = (await records.get(change.key)) ?? EMPTY_STATE;
  await records.put(toRow(change.key, mergeStates(local, { values: change.values, clocks: change.clocks })));
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
 * From this many keys on, `localCopies` first asks which of them exist. Below it a plain bulkGet
 * is already cheap, and the probe would only add a request.
 */
export const PROBE_MIN_KEYS = 256;

/**
 * The local copies of `keys` (undefined where there is none), as `bulkGet` returns them.
 *
 * A bulkGet is one IndexedDB request per key, and on a first sync every one of them finds
 * nothing. So for a large page one request first lists the keys stored between the page's
 * lowest and highest key, and only those are read. On a device that already holds every record
 * the probe is the one extra request; on a new device it is the only one.
 */
export async function localCopies(records: EntityTable<RecordRow, 'key'>, keys: readonly string[]): Promise<(RecordRow | undefined)[]> {
  if (keys.length < PROBE_MIN_KEYS) return records.bulkGet([...keys]);
  let lowest = keys[0] ?? '';
  let highest = lowest;
  for (const key of keys) {
    // IndexedDB orders strings by UTF-16 code units, as `<` does.
    if (key < lowest) lowest = key;
    if (key > highest) highest = key;
  }
  const stored = new Set(await records.where(':id').between(lowest, highest, true, true).primaryKeys());
  const present = keys.filter((key) => stored.has(key));
  const found = new Map<string, RecordRow>();
  if (present.length > 0) {
    for (const row of await records.bulkGet(present)) if (row !== undefined) found.set(row.key, row);
  }
  return keys.map((key) => found.get(key));
}

/**
 * Merges a page of pulled changes, with the same result as `applyChange` on each in turn. The
 * server sends each record at most once per page, so per table the page reads the local copies
 * together (`localCopies`) and writes the merged records in one `bulkPut`, one put per record: a
 * first sync of thousands of records reads nothing per record. A page naming a record twice
 * (which the server never sends) is applied one change at a time, in order.
 */
export async function applyChanges(db: UserDb, changes: readonly Change[]): Promise<void> {
  const keys = new Set(changes.map((change) => `${change.table}\u0000${change.key}`));
  if (keys.size !== changes.length) {
    for (const change of changes) await applyChange(db, change);
    return;
  }
  // Keys are unique in the page, so deletions may go first; they keep the per-record path.
  for (const change of changes) {
    if (change.deleted) await applyChange(db, change);
  }
  for (const table of SYNCED_TABLE_NAMES) {
    const live = changes.filter((change) => change.table === table && !change.deleted);
    if (live.length > 0) {
      const records = recordTable(db, table);
      const local = await localCopies(records, live.map((change) => change.key));
      await records.bulkPut(
        live.map((change, index) => {
          const copy = local[index];
          return toRow(change.key, copy === undefined ? pulledState(change) : mergeStates(copy, { values: change.values, clocks: change.clocks }));
        }),
      );
    }
  }
}

/**
 * Drops every local copy of synced records, keeping only what this device has not pushed yet.
 * Used when the server says the cursor is too old to catch up from (reset): the pull from 0
 * that follows brings everything back, and pending writes stay visible all along.
 */
export async function replaceWithPendingWrites(db: UserDb): Promise<void> {
  for (const table of SYNCED_TABLE_NAMES) await recordTable(db, table).clear();
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
  for (const { table, key, state } of rebuilt.values()) await recordTable(db, table).put(toRow(key, state));
}
