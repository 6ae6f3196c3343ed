import { useCallback } from 'react';
import type { CalendarDay } from '#core/dates/calendar-day';
import { isBlank, type JournalEntry } from '#core/practice/journal-entry';
import { mergeImportedJournal, parseJournalExport, type JournalImportError } from '#core/practice/journal-import';
import type { ExerciseFields, JournalTextField } from '#core/schemas/records';
import { useUserDb } from '../../../session/user-db-context';
import { inRecordWriteTransaction, writeRecord } from '../../../db/write-record';
import { currentInstant } from '../../../lib/clock';
import { NoDatabaseError } from './save-profile';
import type { UserDb } from '../../../db/user-db';
import { readStoredJournal } from './use-journal';

/** The line between the device's text and a differing imported one, when both are kept. */
export const IMPORT_SEPARATOR = '— imported —';

export type ImportOutcome =
  | { readonly ok: false; readonly error: JournalImportError }
  | { readonly ok: true; readonly daysChanged: number; readonly keptBoth: number; readonly unchanged: number };

function alreadyKept(existing: string, imported: string): boolean {
  return existing.includes(`${IMPORT_SEPARATOR}\n${imported.trim()}`);
}

/**
 * Reads a journal file and merges it into this device's journal through the normal write path
 * (so it syncs). Where the file and the device hold different text for the same day and field,
 * nothing is thrown away: the imported text is added below the device's, after a line
 * "— imported —"; importing the same file again does not add it twice.
 *
 * The journal is read and every day written in one transaction: a save from the journal or a
 * pull landing meanwhile cannot be overwritten by a merge made from an older read, and a write
 * that fails leaves the whole file unimported rather than some of its days.
 */
export async function importJournal(db: UserDb, text: string, nowMs: number): Promise<ImportOutcome> {
  const parsed = parseJournalExport(text);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const { entries } = parsed.journal;
  return inRecordWriteTransaction(db, async () => mergeInto(db, entries, nowMs));
}

async function mergeInto(db: UserDb, entries: readonly JournalEntry[], nowMs: number): Promise<ImportOutcome> {
  const stored = await readStoredJournal(db);
  const merge = mergeImportedJournal(stored, entries);
  const writes = new Map<CalendarDay, Partial<ExerciseFields>>();
  for (const write of merge.writes) writes.set(write.date, { ...write.fields });
  let keptBoth = 0;
  for (const conflict of merge.conflicts) {
    if (isBlank(conflict.imported) || alreadyKept(conflict.existing, conflict.imported)) continue;
    const fields = writes.get(conflict.date) ?? {};
    const field: JournalTextField = conflict.field;
    fields[field] = `${conflict.existing.trimEnd()}\n${IMPORT_SEPARATOR}\n${conflict.imported.trim()}`;
    writes.set(conflict.date, fields);
    keptBoth++;
  }
  for (const [day, fields] of writes) await writeRecord(db, 'exercises', day, fields, nowMs);
  return {
    ok: true,
    daysChanged: writes.size,
    keptBoth,
    unchanged: entries.length - writes.size,
  };
}

/** `importJournal` bound to the signed-in person's database and the app's clock. */
export function useImportJournal(): (text: string) => Promise<ImportOutcome> {
  const db = useUserDb();
  return useCallback(
    async (text) => {
      if (db === null) throw new NoDatabaseError();
      return importJournal(db, text, currentInstant().getTime());
    },
    [db],
  );
}
