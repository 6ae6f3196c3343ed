import { useLiveQuery } from 'dexie-react-hooks';
import type { Hlc } from '#core/sync/hlc';
import { SYNCED_TABLES, type SyncedTable } from '#core/sync/protocol';
import { readWhileOpen } from './read-while-open';
import { useUserDb } from './user-db-context';
import { getRecord } from './record-packs';
import type { FieldsOf, UserDb } from './user-db';

export interface RecordView<T extends SyncedTable> {
  readonly key: string;
  /** Only the fields ever written; the feature layer fills in its defaults. */
  readonly values: FieldsOf<T>;
  readonly clocks: Readonly<Record<string, Hlc>>;
}

/**
 * Keeps the fields that still match the table's schema. A value written by an older or newer
 * app version may not; dropping just that field lets the screen fall back to its default for
 * it instead of failing on the whole record.
 */
function validFields<T extends SyncedTable>(table: T, values: Readonly<Record<string, unknown>>): FieldsOf<T> {
  const schema = SYNCED_TABLES[table].fields;
  const whole = schema.safeParse(values);
  if (whole.success) return whole.data as FieldsOf<T>;
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (schema.safeParse({ [field]: value }).success) kept[field] = value;
  }
  // Every kept field passed the table's schema on its own, and the schema is all-optional.
  return kept as FieldsOf<T>;
}

/** The record as stored on this device, or null when it has never been written or pulled. */
export async function readRecord<T extends SyncedTable>(db: UserDb, table: T, key: string): Promise<RecordView<T> | null> {
  const row = await getRecord(db, table, key);
  if (row === undefined) return null;
  return { key: row.key, values: validFields(table, row.values), clocks: row.clocks };
}

/**
 * The record, live: re-renders when this tab, another tab or a sync changes it, online or not.
 * undefined while loading (or when nobody is signed in), null when there is no record yet.
 */
export function useRecord<T extends SyncedTable>(table: T, key: string): RecordView<T> | null | undefined {
  const db = useUserDb();
  return useLiveQuery(() => readWhileOpen(db, (open) => readRecord(open, table, key)), [db, table, key]);
}
