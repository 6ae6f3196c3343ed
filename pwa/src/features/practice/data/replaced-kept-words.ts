import { useState } from 'react';
import type { JournalEntry } from '#core/practice/journal-entry';
import { keptTextsWhose } from '#core/practice/unsaved-journal-texts';
import type { JournalTextField } from '#core/schemas/records';
import { unsavedJournalStore } from '../../../session/data/unsaved-journal-texts';
import { useUserDb } from '../../../session/user-db-context';
import { useSaveExercise } from './save-exercise';

export interface ReplacedKeptWords {
  readonly words: string;
  /** Stores the words in place of the current text; they stay kept if that fails (it throws). */
  readonly take: () => Promise<void>;
  /** Keeps the current text; the words go. */
  readonly drop: () => void;
}

/**
 * A past day's words this device kept for a field, where a later write replaced the text (see
 * `keptWordsFate`), with the person's two ways out; null when there are none.
 */
export function useReplacedKeptWords(entry: JournalEntry, field: JournalTextField): ReplacedKeptWords | null {
  const db = useUserDb();
  const save = useSaveExercise();
  const [store] = useState(() => (db === null ? null : unsavedJournalStore(db.name)));
  // Bumped when the kept copy changes here, so the next render reads it again.
  const [, setVersion] = useState(0);
  const day = entry.date;
  const kept = store?.read()[day];
  const words = kept === undefined ? undefined : keptTextsWhose(kept, entry, 'superseded')[field];
  if (store === null || words === undefined) return null;
  const settle = () => {
    store.stored(day, { [field]: words });
    setVersion((version) => version + 1);
  };
  return {
    words,
    take: async () => {
      await save(day, { [field]: words });
      settle();
    },
    drop: settle,
  };
}
