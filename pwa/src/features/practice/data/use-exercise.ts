import { useLiveQuery } from 'dexie-react-hooks';
import type { CalendarDay } from '#core/dates/calendar-day';
import { journalEntry, type JournalEntry } from '#core/practice/journal-entry';
import { readRecord } from '../../../db/read-record';
import { readWhileOpen } from '../../../db/read-while-open';
import { useUserDb } from '../../../session/user-db-context';
import type { UserDb } from '../../../db/user-db';

/** One day of the journal, every field present (defaults for those never written). */
export async function readExercise(db: UserDb, day: CalendarDay): Promise<JournalEntry> {
  const record = await readRecord(db, 'exercises', day);
  return journalEntry(day, record?.values ?? {});
}

/** The day's entry, live (this tab, other tabs and sync); undefined while loading. */
export function useExercise(day: CalendarDay): JournalEntry | undefined {
  const db = useUserDb();
  return useLiveQuery(() => readWhileOpen(db, (open) => readExercise(open, day)), [db, day]);
}
