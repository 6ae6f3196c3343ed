import type { EntityTable } from 'dexie';
import type { SyncedTable } from '#core/sync/protocol';
import type { RecordRow, UserDb } from './user-db';

/**
 * How the synced records are laid out on this device. This module is the only place that knows
 * it: everything else reads and writes records by table and key through the functions below.
 *
 * One IndexedDB row (a pack) holds every record of one group: the exercises of one month
 * ('exercises:2026-11'), the triages of one post's comments ('hnTriage:8863'), and each singleton
 * on its own ('profiles:me'). In Chromium every IndexedDB put costs about the same whatever its
 * size (80-100 µs), so a first sync of 10,000 records written one row per record could never
 * pass about 10,000 records a second; packed, it writes a few hundred rows. The groups follow
 * what the screens read together: a day or a month of the journal, one post's comments.
 *
 * A pack keeps its records as an array ordered by key (not an object keyed by record key): the
 * same row shape as a record always had, the same order a table of records gave, and no record
 * key can ever collide with an object's own properties.
 *
 * Every function runs inside the caller's transaction when there is one (Dexie's zones), so a
 * read-modify-write of a pack is atomic with whatever else the caller writes (the outbox entry
 * of a local write, the cursor of a pulled page). Transactions over records name `recordStore`.
 */

export interface RecordPack {
  /** `${table}:${group}`, see packIdOf. */
  readonly id: string;
  /** The group's records, ordered by key (as IndexedDB orders string keys). */
  readonly records: readonly RecordRow[];
}

/** A record by its table and key. */
export interface RecordRef {
  readonly table: SyncedTable;
  readonly key: string;
}

/** The store holding every synced record: include it in a transaction that reads or writes them. */
export function recordStore(db: UserDb): EntityTable<RecordPack, 'id'> {
  return db.packs;
}

/** The group of a record: the records of one group are stored in one pack. */
function groupOf(table: SyncedTable, key: string): string {
  switch (table) {
    case 'exercises':
      // 'YYYY-MM-DD' → 'YYYY-MM': a month of the journal.
      return key.slice(0, 7);
    case 'hnTriage': {
      // '{postId}:{commentId}' → the post.
      const colon = key.indexOf(':');
      return colon === -1 ? key : key.slice(0, colon);
    }
    case 'profiles':
    case 'gameProgress':
      return key;
  }
}

/**
 * The group shared by every key that starts with `prefix`, or null when the prefix does not
 * settle it (then all of the table is read).
 */
function groupOfPrefix(table: SyncedTable, prefix: string): string | null {
  switch (table) {
    case 'exercises':
      return prefix.length >= 7 ? prefix.slice(0, 7) : null;
    case 'hnTriage': {
      const colon = prefix.indexOf(':');
      return colon === -1 ? null : prefix.slice(0, colon);
    }
    case 'profiles':
    case 'gameProgress':
      return null;
  }
}

function tablePrefix(table: SyncedTable): string {
  return `${table}:`;
}

export function packIdOf(table: SyncedTable, key: string): string {
  return `${tablePrefix(table)}${groupOf(table, key)}`;
}

/** IndexedDB compares string keys by UTF-16 code units, as `<` does. */
function byKey(a: RecordRow, b: RecordRow): number {
  if (a.key < b.key) return -1;
  return a.key > b.key ? 1 : 0;
}

function packsOfTable(db: UserDb, table: SyncedTable) {
  return db.packs.where(':id').startsWith(tablePrefix(table));
}

/** The records of `packs` in key order (packs of a month are in key order already). */
function recordsOf(packs: readonly RecordPack[]): RecordRow[] {
  return packs.flatMap((pack) => pack.records).sort(byKey);
}

/** The record as stored, or undefined when there is none. */
export async function getRecord(db: UserDb, table: SyncedTable, key: string): Promise<RecordRow | undefined> {
  const pack = await db.packs.get(packIdOf(table, key));
  return pack?.records.find((row) => row.key === key);
}

/** Every record of `table`, in key order. */
export async function listRecords(db: UserDb, table: SyncedTable): Promise<RecordRow[]> {
  return recordsOf(await packsOfTable(db, table).toArray());
}

/** The records of `table` whose key starts with `prefix`, in key order (one pack when the prefix names a group). */
export async function listRecordsWithPrefix(db: UserDb, table: SyncedTable, prefix: string): Promise<RecordRow[]> {
  const group = groupOfPrefix(table, prefix);
  const packs = group === null ? await packsOfTable(db, table).toArray() : [await db.packs.get(`${tablePrefix(table)}${group}`)];
  return recordsOf(packs.filter((pack) => pack !== undefined)).filter((row) => row.key.startsWith(prefix));
}

/** How many records `table` holds. */
export async function countRecords(db: UserDb, table: SyncedTable): Promise<number> {
  let count = 0;
  await packsOfTable(db, table).each((pack) => {
    count += pack.records.length;
  });
  return count;
}

/**
 * A cheap read for a live query that only needs to know when records of `table` change: a live
 * query of it runs again after every commit that writes or deletes any of them. Its value only
 * says how many groups there are.
 */
export function watchRecords(db: UserDb, table: SyncedTable): Promise<number> {
  return packsOfTable(db, table).count();
}

/** Deletes every record of `table`. */
export async function clearRecords(db: UserDb, table: SyncedTable): Promise<void> {
  await packsOfTable(db, table).delete();
}

/**
 * From this many packs on, `readPacks` first asks which of them exist. Below it a plain bulkGet
 * is already cheap, and the probe would only add a request.
 */
export const PROBE_MIN_PACKS = 8;

/**
 * The packs with `ids` (undefined where there is none), as `bulkGet` returns them.
 *
 * A bulkGet is one IndexedDB request per id, and on a first sync every one of them finds
 * nothing. So for many ids one request first lists the ids stored between the lowest and the
 * highest, and only those are read. On a device that already holds them the probe is the one
 * extra request; on a new device it is the only one.
 */
export async function readPacks(store: EntityTable<RecordPack, 'id'>, ids: readonly string[]): Promise<(RecordPack | undefined)[]> {
  if (ids.length < PROBE_MIN_PACKS) return store.bulkGet([...ids]);
  let lowest = ids[0] ?? '';
  let highest = lowest;
  for (const id of ids) {
    if (id < lowest) lowest = id;
    if (id > highest) highest = id;
  }
  const stored = new Set(await store.where(':id').between(lowest, highest, true, true).primaryKeys());
  const present = ids.filter((id) => stored.has(id));
  const found = new Map<string, RecordPack>();
  if (present.length > 0) {
    for (const pack of await store.bulkGet(present)) if (pack !== undefined) found.set(pack.id, pack);
  }
  return ids.map((id) => found.get(id));
}

/**
 * The records of some packs, read once, changed in memory, and written back by `save` with one
 * put per changed pack (a pack left empty is deleted). Only records of the refs given to
 * `editRecords` may be read or changed.
 */
export class RecordEdit {
  private readonly packs: ReadonlyMap<string, Map<string, RecordRow>>;
  private readonly changed = new Set<string>();
  private readonly db: UserDb;

  constructor(db: UserDb, packs: ReadonlyMap<string, Map<string, RecordRow>>) {
    this.db = db;
    this.packs = packs;
  }

  private pack(table: SyncedTable, key: string): { id: string; rows: Map<string, RecordRow> } {
    const id = packIdOf(table, key);
    const rows = this.packs.get(id);
    if (rows === undefined) throw new Error(`${table} ${key} was not read for this edit`);
    return { id, rows };
  }

  get(table: SyncedTable, key: string): RecordRow | undefined {
    return this.pack(table, key).rows.get(key);
  }

  put(table: SyncedTable, row: RecordRow): void {
    const { id, rows } = this.pack(table, row.key);
    rows.set(row.key, row);
    this.changed.add(id);
  }

  delete(table: SyncedTable, key: string): void {
    const { id, rows } = this.pack(table, key);
    if (rows.delete(key)) this.changed.add(id);
  }

  /** Writes every changed pack, each once. */
  async save(): Promise<void> {
    const puts: RecordPack[] = [];
    const deletes: string[] = [];
    for (const id of this.changed) {
      const rows = this.packs.get(id);
      if (rows === undefined || rows.size === 0) deletes.push(id);
      else puts.push({ id, records: [...rows.values()].sort(byKey) });
    }
    this.changed.clear();
    if (deletes.length > 0) await this.db.packs.bulkDelete(deletes);
    if (puts.length > 0) await this.db.packs.bulkPut(puts);
  }
}

/** Reads the packs holding `refs` (each once) for an edit; run it and `save` in one transaction. */
export async function editRecords(db: UserDb, refs: readonly RecordRef[]): Promise<RecordEdit> {
  const ids = [...new Set(refs.map((ref) => packIdOf(ref.table, ref.key)))];
  const stored = await readPacks(db.packs, ids);
  const packs = new Map<string, Map<string, RecordRow>>();
  for (const [index, id] of ids.entries()) {
    packs.set(id, new Map((stored[index]?.records ?? []).map((row) => [row.key, row])));
  }
  return new RecordEdit(db, packs);
}

/** Stores `rows` of `table`, replacing the records with their keys. */
export async function putRecords(db: UserDb, table: SyncedTable, rows: readonly RecordRow[]): Promise<void> {
  const edit = await editRecords(
    db,
    rows.map((row) => ({ table, key: row.key })),
  );
  for (const row of rows) edit.put(table, row);
  await edit.save();
}

/**
 * The packs holding `records` (for the upgrade from one row per record): records of one group
 * end up in one pack, ordered by key.
 */
export function packRecords(records: Iterable<{ readonly table: SyncedTable; readonly row: RecordRow }>): RecordPack[] {
  const packs = new Map<string, RecordRow[]>();
  for (const { table, row } of records) {
    const id = packIdOf(table, row.key);
    const rows = packs.get(id);
    if (rows === undefined) packs.set(id, [row]);
    else rows.push(row);
  }
  return [...packs].map(([id, rows]) => ({ id, records: rows.sort(byKey) }));
}
