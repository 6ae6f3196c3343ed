import { wellFormedDeep } from '#core/schemas/storable-text';
import { mergeWrite, EMPTY_STATE } from '#core/sync/merge';
import { SYNCED_TABLES, type SyncedTable } from '#core/sync/protocol';
import { stampLocalWrite } from './clock-state';
import { notifyLocalWrite } from './local-writes';
import { ensureClientId } from './meta';
import { requestPersistentStorageOnce } from './persist-storage';
import { editRecords, recordStore } from './record-packs';
import type { FieldsOf, RecordRow, UserDb } from './user-db';

/** A write the server would reject; refused here so it never enters the outbox. */
export class InvalidRecordError extends Error {
  override readonly name = 'InvalidRecordError';
}

function checkWrite<T extends SyncedTable>(table: T, key: string, fields: FieldsOf<T>): Record<string, unknown> {
  const spec = SYNCED_TABLES[table];
  if (!spec.key.safeParse(key).success) throw new InvalidRecordError(`Not a valid key for ${table}: ${key}`);
  const parsed = spec.fields.safeParse(fields);
  if (!parsed.success) throw new InvalidRecordError(parsed.error.message);
  // Half of a surrogate pair (a broken paste) becomes U+FFFD here, as the server would store it:
  // the device keeps exactly what the server will send back.
  return wellFormedDeep(parsed.data);
}

/**
 * Runs `work` in one read-write transaction over every store `writeRecord` touches: records read
 * and written inside it (several `writeRecord` calls included, which join it) commit together or
 * not at all. `work` must be an async function: Dexie keeps the transaction across its awaits
 * only for those.
 */
export function inRecordWriteTransaction<T>(db: UserDb, work: () => Promise<T>): Promise<T> {
  return db.transaction('rw', recordStore(db), db.outbox, db.meta, work);
}

/**
 * Saves `fields` of one record on this device and queues them for the server, in ONE
 * transaction: the record and its outbox entry exist together or not at all, so nothing the
 * screen shows as saved can be missing from the next push, and nothing pushed is missing here.
 *
 * `nowMs` is the device clock; the stamp uses it corrected by the known offset to server time.
 * Returns the record as stored after the merge.
 */
export async function writeRecord<T extends SyncedTable>(
  db: UserDb,
  table: T,
  key: string,
  fields: FieldsOf<T>,
  nowMs: number,
): Promise<RecordRow> {
  const values = checkWrite(table, key, fields);
  const row = await inRecordWriteTransaction(db, async () => {
    const clientId = await ensureClientId(db);
    const { seq, hlc } = await stampLocalWrite(db, clientId, nowMs);
    const edit = await editRecords(db, [{ table, key }]);
    const current = edit.get(table, key) ?? { key, ...EMPTY_STATE };
    // The stamp is newer than every clock this device has seen, so every field takes it.
    const { state } = mergeWrite(current, { fields: values, hlc });
    const next: RecordRow = { key, values: state.values, clocks: state.clocks };
    edit.put(table, next);
    await edit.save();
    await db.outbox.add({ seq, table, key, fields: values, hlc });
    return next;
  });
  notifyLocalWrite(db);
  void requestPersistentStorageOnce();
  return row;
}
