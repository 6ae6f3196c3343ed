import { useLiveQuery } from 'dexie-react-hooks';
import type { CalendarDay } from '#core/dates/calendar-day';
import { journalEntry } from '#core/practice/journal-entry';
import { JOURNAL_TEXT_FIELDS, type JournalTextField } from '#core/schemas/records';
import { hlcNode } from '#core/sync/hlc';
import { readMeta } from '../../../db/meta';
import { readRecord } from '../../../db/read-record';
import { readWhileOpen } from '../../../db/read-while-open';
import type { UserDb } from '../../../db/user-db';
import { useUserDb } from '../../../session/user-db-context';
import type { GratitudeTexts } from '../gratitude-draft';

export interface StoredJournalTexts {
  readonly texts: GratitudeTexts;
  /** The texts this device wrote last, in any of its tabs (their clocks carry its id). */
  readonly writtenOnThisDevice: ReadonlySet<JournalTextField>;
}

/** One day's three stored texts, and which of them this device wrote last. */
export async function readStoredJournalTexts(db: UserDb, day: CalendarDay): Promise<StoredJournalTexts> {
  const [record, clientId] = await Promise.all([readRecord(db, 'exercises', day), readMeta(db, 'clientId')]);
  const clocks = record?.clocks ?? {};
  const writtenOnThisDevice = new Set(
    JOURNAL_TEXT_FIELDS.filter((field) => {
      const clock = clocks[field];
      return clientId !== undefined && clock !== undefined && hlcNode(clock) === clientId;
    }),
  );
  return {
    // The whole entry: its three texts, each with its default when never written.
    texts: journalEntry(day, record?.values ?? {}),
    writtenOnThisDevice,
  };
}

/** `readStoredJournalTexts`, live: this tab's writes, other tabs' and sync's; undefined while loading. */
export function useStoredJournalTexts(day: CalendarDay): StoredJournalTexts | undefined {
  const db = useUserDb();
  return useLiveQuery(() => readWhileOpen(db, (open) => readStoredJournalTexts(open, day)), [db, day]);
}
