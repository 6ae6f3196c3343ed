import { compareHlc, formatHlc, initialHlc, parseHlc, receive, tick, type Hlc } from '#core/sync/hlc';
import { EMPTY_STATE, type FieldState } from '#core/sync/merge';
import { validateMutation, type SyncedTable } from '#core/sync/protocol';
import type { Sql } from '../../db/client.ts';
import { transact } from '../../db/transact.ts';
import { ApiError } from '../../http/api-error.ts';
import { mergeAndSave } from './merge-and-save.ts';
import type { StoredRecord } from './record-columns.ts';
import { keysOf, LOCKED, recordId, type Clock } from './record-writes.ts';
import { loadRecords } from './records-repo.ts';
import { lockUserRevision } from './revision-repo.ts';
import { UNSTORABLE_TEXT_MESSAGES, unstorableText } from '#core/schemas/storable-text';

/** The node of clocks the server stamps on writes made through the record calls. */
export const SERVER_NODE = 'server';

/** The stored record, tombstones included; null when it was never written. */
export async function readRecord(sql: Sql, userId: string, table: SyncedTable, key: string): Promise<StoredRecord | null> {
  const [record] = await loadRecords(sql, userId, keysOf([{ table, key }]));
  return record ?? null;
}

/** A server clock newer than every clock of the record: the server's write wins over what it has seen. */
export function serverStamp(state: FieldState, now: number): Hlc {
  let newest: Hlc | undefined;
  for (const clock of Object.values(state.clocks)) if (newest === undefined || compareHlc(clock, newest) > 0) newest = clock;
  const seen = newest === undefined ? null : parseHlc(newest);
  const start = initialHlc(SERVER_NODE);
  return formatHlc(seen === null ? tick(start, now) : receive(start, seen, now));
}

/**
 * A write made by the server for the signed-in person (the record calls): stamped with a server
 * clock and applied through the same merge, revision and kept-text path as a push, so every
 * device pulls it. Returns the record after the write.
 */
export async function writeAsServer(
  sql: Sql,
  userId: string,
  table: SyncedTable,
  key: string,
  fields: Readonly<Record<string, unknown>>,
  clock: Clock,
): Promise<StoredRecord> {
  const checked = validateMutation({ seq: 1, table, key, fields, hlc: formatHlc(initialHlc(SERVER_NODE)) });
  if (!checked.ok) throw new Error(`A server write must be a valid record: ${checked.message}`);
  const text = unstorableText(checked.fields);
  if (text !== null) throw new ApiError('INVALID_TEXT', UNSTORABLE_TEXT_MESSAGES[text]);
  return transact(
    sql,
    async (tx) => {
      // Pipelined in this order: the record is read once the lock is held.
      const [{ rev }, stored] = await Promise.all([lockUserRevision(tx, userId), loadRecords(tx, userId, keysOf([{ table, key }]))]);
      const hlc = serverStamp(stored[0]?.state ?? EMPTY_STATE, clock());
      const records = await mergeAndSave(tx, userId, rev, stored, [{ table, key, fields: checked.fields, hlc, deleted: false }]);
      const record = records.get(recordId(table, key));
      if (record === undefined) throw new Error('The written record is missing after the merge');
      return record;
    },
    LOCKED,
  );
}
