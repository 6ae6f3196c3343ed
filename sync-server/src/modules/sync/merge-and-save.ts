import { EMPTY_STATE, mergeWrite, type FieldState } from '#core/sync/merge';
import { SYNCED_TABLES, type SyncedTable } from '#core/sync/protocol';
import { DEFAULT_PROFILE } from '#core/schemas/records';
import type { z } from 'zod';
import type { TransactionSql } from '../../db/client.ts';
import { sendIssued } from '../../db/send-issued.ts';
import { keptTextChanges } from './kept-texts-service.ts';
import { dropKeptTexts, keepTexts } from './kept-texts-repo.ts';
import { DELETED_FIELD, isDeleted, withoutDeleted, type StoredRecord } from './record-columns.ts';
import { insertExercises, saveExercises, saveGameProgress, saveProfile } from './record-saves-repo.ts';
import { recordId, type RecordWrite } from './record-writes.ts';
import { saveTriage } from './triage-saves-repo.ts';
import { reserveRevisions } from './revision-repo.ts';

/** The fields of a stored state (without `deleted`) checked against a table's schema. */
function storedFields<S extends z.ZodType>(schema: S, table: SyncedTable, values: FieldState['values']): z.output<S> {
  const parsed = schema.safeParse(withoutDeleted(values));
  // Values only ever come from checked writes, so this is a broken invariant, not bad input.
  if (!parsed.success) throw new Error(`Stored ${table} fields no longer match their schema: ${parsed.error.message}`);
  return parsed.data;
}

async function saveProfileRecord(tx: TransactionSql, userId: string, profile: StoredRecord): Promise<void> {
  const fields = storedFields(SYNCED_TABLES.profiles.fields, 'profiles', profile.state.values);
  await saveProfile(tx, userId, profile, {
    birthday: fields.birthday ?? null,
    dayStartMinutes: fields.dayStartMinutes ?? DEFAULT_PROFILE.dayStartMinutes,
    reminderEnabled: fields.reminderEnabled ?? DEFAULT_PROFILE.reminderEnabled,
    reminderMinutes: fields.reminderMinutes ?? null,
    reminderZone: fields.reminderZone ?? null,
    streakFreezes: fields.streakFreezes ?? [],
    doneRule: fields.doneRule ?? DEFAULT_PROFILE.doneRule,
    deleted: isDeleted(profile.state),
  });
}

async function saveGameRecord(tx: TransactionSql, userId: string, game: StoredRecord): Promise<void> {
  const fields = storedFields(SYNCED_TABLES.gameProgress.fields, 'gameProgress', game.state.values);
  await saveGameProgress(tx, userId, game, { state: fields.state ?? {}, deleted: isDeleted(game.state) });
}

/**
 * Merged records are written in statements of at most this many: a statement goes out while the
 * rest of the batch is merged, and the database applies it while the next one is prepared.
 */
const SAVE_CHUNK = 250;

/**
 * Issues the writes of merged records (see mergeAndSave). `stored` tells the records that have
 * a row already (read under the lock): the others are inserted, the rest upserted.
 */
function issueSaves(
  tx: TransactionSql,
  userId: string,
  records: readonly StoredRecord[],
  stored: (record: StoredRecord) => boolean,
  issue: (statement: Promise<unknown>) => void,
): void {
  const exercises = records.filter((record) => record.table === 'exercises');
  issue(insertExercises(tx, userId, exercises.filter((record) => !stored(record))));
  issue(saveExercises(tx, userId, exercises.filter(stored)));
  const profile = records.find((record) => record.table === 'profiles');
  if (profile !== undefined) issue(saveProfileRecord(tx, userId, profile));
  const game = records.find((record) => record.table === 'gameProgress');
  if (game !== undefined) issue(saveGameRecord(tx, userId, game));
  const triage = records.filter((record) => record.table === 'hnTriage');
  if (triage.length > 0) issue(saveTriage(tx, userId, triage));
}

/**
 * Merges `writes` into the `stored` records (field by field, last writer wins, deletion being
 * one more field) and writes back, set-based: a multi-row statement per table and chunk,
 * revisions taken as one range, kept journal texts in one upsert. `alsoIssue` adds statements
 * of the caller's to the same pipeline, after these. Call with the user's revision lock held
 * and `rev` read under it. Returns the records after the merge, changed or not.
 *
 * A record is saved once, with its next revision, as soon as the last write of the batch that
 * names it is merged; every statement goes out when it is ready (pipelined, in this order, on
 * the transaction's connection) and all are awaited at the end. So the database writes one
 * chunk while the next is merged, and the kept texts, which need the whole batch, are worked
 * out while it writes the last; they follow the exercise writes, as a kept text belongs to an
 * existing exercise row.
 */
export async function mergeAndSave(
  tx: TransactionSql,
  userId: string,
  rev: number,
  stored: readonly StoredRecord[],
  writes: readonly RecordWrite[],
  alsoIssue: (tx: TransactionSql) => Promise<void> = () => Promise.resolve(),
): Promise<Map<string, StoredRecord>> {
  const before = new Map(stored.map((record) => [recordId(record.table, record.key), record]));
  const isStored = (record: StoredRecord) => before.has(recordId(record.table, record.key));
  const records = new Map(before);
  const ids = writes.map((write) => recordId(write.table, write.key));
  const lastWrite = new Map(ids.map((id, index) => [id, index]));
  const changed = new Set<string>();
  const pending: Promise<unknown>[] = [];
  const issue = (statement: Promise<unknown>) => {
    // Handled at once: a failure can come back before the final await.
    statement.catch(() => undefined);
    pending.push(statement);
  };
  let saved = 0;
  let ready: StoredRecord[] = [];
  for (let index = 0; index < writes.length; index += 1) {
    const write = writes[index];
    const id = ids[index];
    if (write === undefined || id === undefined) continue;
    const current = records.get(id) ?? { table: write.table, key: write.key, rev: 0, state: EMPTY_STATE };
    const merged = mergeWrite(current.state, { fields: { ...write.fields, [DELETED_FIELD]: write.deleted }, hlc: write.hlc });
    if (merged.changed.length > 0) {
      records.set(id, { ...current, state: merged.state });
      changed.add(id);
    }
    if (lastWrite.get(id) !== index || !changed.has(id)) continue;
    const record = records.get(id);
    if (record === undefined) continue;
    saved += 1;
    const final = { ...record, rev: rev + saved };
    records.set(id, final);
    ready.push(final);
    if (ready.length >= SAVE_CHUNK) {
      issueSaves(tx, userId, ready, isStored, issue);
      ready = [];
      await sendIssued();
    }
  }
  issueSaves(tx, userId, ready, isStored, issue);
  const reserving = saved > 0 ? reserveRevisions(tx, userId, saved) : Promise.resolve(rev);
  issue(reserving);
  await sendIssued();
  const texts = keptTextChanges(before, records, writes);
  issue(keepTexts(tx, userId, texts.keep));
  issue(dropKeptTexts(tx, userId, texts.drop));
  issue(alsoIssue(tx));
  await Promise.all(pending);
  const lastRev = await reserving;
  if (lastRev !== rev + saved) throw new Error('Revisions moved while the user lock was held');
  return records;
}
