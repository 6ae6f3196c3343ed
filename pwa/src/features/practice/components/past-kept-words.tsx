import { useState } from 'react';
import type { CalendarDay } from '#core/dates/calendar-day';
import type { JournalEntry } from '#core/practice/journal-entry';
import { keptTextsWhose } from '#core/practice/unsaved-journal-texts';
import type { JournalTextField } from '#core/schemas/records';
import { unsavedJournalStore } from '../../../session/data/unsaved-journal-texts';
import { useUserDb } from '../../../session/user-db-context';
import { useSaveExercise } from '../data/save-exercise';
import { KeptWordsChoice } from './kept-words-choice';
import styles from './journal.module.css';

interface PastKeptWordsProps {
  readonly entry: JournalEntry;
  readonly field: JournalTextField;
}

/**
 * A past day's words this device kept, where a later write replaced the text: the journal of that
 * day is closed, so the choice is offered here, under the text it would replace.
 */
export function PastKeptWords({ entry, field }: PastKeptWordsProps) {
  const db = useUserDb();
  const save = useSaveExercise();
  const [, setSettled] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  if (db === null) return null;
  const store = unsavedJournalStore(db.name);
  const day: CalendarDay = entry.date;
  const kept = store.read()[day];
  const words = kept === undefined ? undefined : keptTextsWhose(kept, entry, 'superseded')[field];
  if (words === undefined) return null;

  const settle = (text: string) => {
    store.stored(day, { [field]: text });
    setSettled((count) => count + 1);
  };
  const take = async () => {
    try {
      await save(day, { [field]: words });
      setProblem(null);
      settle(words);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Your words could not be saved. They are still kept on this device.');
    }
  };
  return (
    <>
      <KeptWordsChoice id={`kept-${day}-${field}`} words={words} onTake={take} onDrop={() => settle(words)} />
      {problem !== null && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
