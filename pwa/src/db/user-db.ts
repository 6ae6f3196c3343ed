import { Dexie, type EntityTable, type Transaction } from 'dexie';
import type { z } from 'zod';
import type { Hlc } from '#core/sync/hlc';
import type { Mutation, SYNCED_TABLES, SyncedTable } from '#core/sync/protocol';
import { ensureClientId } from './meta';
import { packRecords, type RecordPack } from './record-packs';

/**
 * The one database of a signed-in person on this device. Each person gets a database of their
 * own (named after their user id), so two people sharing a device never see or push each
 * other's records. Log Out removes it once everything in it has reached the server (see
 * device-copy.ts).
 */

/** The fields a mutation may set on a record of `table` (every field optional). */
export type FieldsOf<T extends SyncedTable> = z.output<(typeof SYNCED_TABLES)[T]['fields']>;

/**
 * A synced record as this device holds it: the merged values plus, per field, the clock of the
 * write that set it. Keeping the clocks is what lets a pulled copy and a pending local write
 * meet with the same answer the server reaches.
 */
export interface RecordRow {
  /** 'YYYY-MM-DD' for exercises, 'me' for the singleton records, '{postId}:{commentId}' for a triage. */
  readonly key: string;
  readonly values: Readonly<Record<string, unknown>>;
  readonly clocks: Readonly<Record<string, Hlc>>;
}

/** A local write waiting to be pushed; `id` only orders the queue, `seq` is what the server sees. */
export type OutboxEntry = Omit<Mutation, 'hlc'> & { readonly id: number; readonly hlc: Hlc };

export interface MetaRow {
  readonly key: string;
  readonly value: unknown;
}

/**
 * A copy of something the server answered, kept so its screen opens offline (the launch
 * tracker's list and each tracker's comments). Not synced: the server is the source, and the
 * next answer replaces the row. `value` is parsed again by its reader before use.
 */
export interface CacheRow {
  readonly key: string;
  readonly value: unknown;
  /** When the answer arrived, in ms since the epoch ("as of" on the screen). */
  readonly savedAt: number;
}

export class UserDb extends Dexie {
  // `declare`, not a field initialiser: Dexie creates these tables in its constructor, and a
  // class field would overwrite them with undefined.
  /** Every synced record, packed by group: read and written only through record-packs.ts. */
  declare packs: EntityTable<RecordPack, 'id'>;
  declare outbox: EntityTable<OutboxEntry, 'id'>;
  declare meta: EntityTable<MetaRow, 'key'>;
  declare hnCache: EntityTable<CacheRow, 'key'>;

  /**
   * Dexie 4 sets durability for the whole connection, not per transaction. 'strict' (the
   * default, and the only choice for anything that adds to the outbox) makes a commit wait until
   * the data is on disk, so a write the app has shown as "Saved on this device" survives a crash
   * or power loss right after. Local writes are a few per minute, so the cost does not matter;
   * reads do not commit anything and are unaffected. 'relaxed' is only for the connection of
   * `openRelaxedConnection`.
   */
  constructor(name: string, durability: 'strict' | 'relaxed' = 'strict') {
    super(name, { chromeTransactionDurability: durability });
    // Version history: never edit a published version; add version(n + 1) with the new stores
    // (and an upgrade function when rows must change), so existing devices migrate in place.
    this.version(1).stores({
      exercises: 'key',
      profiles: 'key',
      gameProgress: 'key',
      // seq: acknowledge by range; [table+key]: re-apply pending writes to one record.
      outbox: '++id, seq, [table+key]',
      meta: 'key',
    });
    // 2: the launch tracker's offline copy of server answers (a new table; existing rows stay).
    this.version(2).stores({ hnCache: 'key' });
    // 3: the launch tracker's triage of comments, a synced record kind (a new table).
    this.version(3).stores({ hnTriage: 'key' });
    // 4: the synced records move into packs, one row per group of records (see record-packs.ts):
    // a first sync writes a few hundred rows instead of one per record. Every record moves,
    // those written offline and still in the outbox among them (the outbox itself stays as is).
    this.version(4).stores({ packs: 'id' }).upgrade(moveRecordsIntoPacks);
    // 5: the tables of one row per record go. Dropped a version after the upgrade that reads
    // them, as Dexie documents: an upgrade reads tables through its transaction, and a later
    // version may delete them.
    this.version(5).stores({ exercises: null, profiles: null, gameProgress: null, hnTriage: null });
    // Another tab (or this one, at Log Out) is deleting the database. Dexie's own handler closes
    // the connection but lets the next read open it again, which would create an empty database
    // under the same name; closed this way, reads fail as DatabaseClosedError instead (which
    // readWhileOpen treats as "nothing") and the deletion is never held up by this connection.
    this.on('versionchange', (event: IDBVersionChangeEvent) => {
      if (event.newVersion !== null && event.newVersion > 0) return undefined;
      this.close({ disableAutoOpen: true });
      return false;
    });
  }
}

/** The tables of versions 1-4 that held one row per synced record. */
const RECORD_TABLES_BEFORE_PACKS: readonly SyncedTable[] = ['exercises', 'profiles', 'gameProgress', 'hnTriage'];

/** Version 4's upgrade: every record of the tables before packs goes into its pack. */
async function moveRecordsIntoPacks(transaction: Transaction): Promise<void> {
  const records: { table: SyncedTable; row: RecordRow }[] = [];
  for (const table of RECORD_TABLES_BEFORE_PACKS) {
    for (const row of await transaction.table<RecordRow, string>(table).toArray()) records.push({ table, row });
  }
  await transaction.table<RecordPack, string>('packs').bulkPut(packRecords(records));
}

export const USER_DB_PREFIX = 'memento-user-';

export function userDbName(userId: string): string {
  return `${USER_DB_PREFIX}${userId}`;
}

/**
 * A second connection to the database of `db` whose read-write transactions commit with relaxed
 * durability: the commit returns once the data is handed to the operating system instead of
 * waiting for the disk, so a crash or power loss right after may undo a whole transaction (never
 * part of one). Only for writes that are simply redone when undone: pulled pages, each stored
 * with its cursor in the same transaction, so a lost page is pulled again from the cursor that
 * survived. The outbox entries a pulled page acknowledges may leave in such a transaction too: if
 * that is undone, they are pushed again and the server acknowledges them again without effect.
 * Never for local writes, or anything else that adds to the outbox. Close it when done.
 */
export async function openRelaxedConnection(db: UserDb): Promise<UserDb> {
  const relaxed = new UserDb(db.name, 'relaxed');
  await relaxed.open();
  return relaxed;
}

/**
 * Opens the signed-in person's database (creating it on first sign-in on this device) and makes
 * sure it has its client id before anything is written or synced.
 */
export async function openUserDb(userId: string): Promise<UserDb> {
  const db = new UserDb(userDbName(userId));
  await db.open();
  await ensureClientId(db);
  return db;
}
