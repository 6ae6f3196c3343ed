import { useState } from 'react';
import type { JournalEntry } from '#core/practice/journal-entry';
import type { JournalTextField } from '#core/schemas/records';
import { useReplacedKeptWords } from '../data/replaced-kept-words';
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
  const replaced = useReplacedKeptWords(entry, field);
  const [problem, setProblem] = useState<string | null>(null);
  if (replaced === null) return null;
  const take = async () => {
    try {
      await replaced.take();
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Your words could not be saved. They are still kept on this device.');
    }
  };
  return (
    <>
      <KeptWordsChoice id={`kept-${entry.date}-${field}`} words={replaced.words} onTake={take} onDrop={replaced.drop} />
      {problem !== null && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
