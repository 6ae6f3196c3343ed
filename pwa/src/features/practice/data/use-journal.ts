import { parseCalendarDay } from '#core/dates/calendar-day';
import { byDate, journalEntry, type JournalEntry } from '#core/practice/journal-entry';
import { exerciseFieldsSchema, type ExerciseFields } from '#core/schemas/records';
import { listRecords, watchRecords } from '../../../db/record-packs';
import { usePacedLiveQuery } from '../../../db/use-paced-live-query';
import { useUserDb } from '../../../session/user-db-context';
import type { UserDb } from '../../../db/user-db';

const storedFieldsSchema = exerciseFieldsSchema.partial();

/** Each stored field that still reads as valid: a bad one falls back to its default alone. */
function validStored(values: Readonly<Record<string, unknown>>): Partial<ExerciseFields> {
  const whole = storedFieldsSchema.safeParse(values);
  if (whole.success) return whole.data;
  const kept: Partial<ExerciseFields> = {};
  for (const [field, value] of Object.entries(values)) {
    const one = storedFieldsSchema.safeParse({ [field]: value });
    if (one.success) Object.assign(kept, one.data);
  }
  return kept;
}

/** Every day's record as stored (only fields ever written), by day. */
export async function readStoredJournal(db: UserDb): Promise<Map<JournalEntry['date'], Partial<ExerciseFields>>> {
  const rows = await listRecords(db, 'exercises');
  const days = new Map<JournalEntry['date'], Partial<ExerciseFields>>();
  for (const row of rows) {
    const day = parseCalendarDay(row.key);
    if (day !== null) days.set(day, validStored(row.values));
  }
  return days;
}

/** Cheap to watch, and any commit to the days runs it again. */
function watchDays(db: UserDb): Promise<number> {
  return watchRecords(db, 'exercises');
}

/** The whole journal, oldest first, every field present. */
export async function readJournal(db: UserDb): Promise<JournalEntry[]> {
  const stored = await readStoredJournal(db);
  return [...stored].map(([day, fields]) => journalEntry(day, fields)).sort(byDate);
}

/**
 * The whole journal, live; undefined while loading. It reads every day, so a burst of commits
 * (a first sync's pages) is read back a few times, not after each one: see usePacedLiveQuery.
 */
export function useJournal(): JournalEntry[] | undefined {
  const db = useUserDb();
  return usePacedLiveQuery(db, watchDays, readJournal);
}
