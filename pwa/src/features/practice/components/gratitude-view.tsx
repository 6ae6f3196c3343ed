import { useState, type SubmitEvent } from 'react';
import { ArrowLeft } from 'lucide-react';
import { formatLongDay, type CalendarDay } from '#core/dates/calendar-day';
import type { JournalEntry } from '#core/practice/journal-entry';
import { Button } from '../../../components/ui/button';
import { useSaveExercise } from '../data/save-exercise';
import { useGratitudeDraft } from '../use-gratitude-draft';
import { GratitudeField } from './gratitude-field';
import { KeptVersions } from './kept-versions';
import styles from './journal.module.css';

export interface GratitudeViewProps {
  readonly today: CalendarDay;
  /** Today's stored entry, loaded. */
  readonly entry: JournalEntry;
  /** Whether there are past entries for the left arrow to open. */
  readonly canGoBack: boolean;
  readonly onBack: () => void;
  readonly onDone: () => void;
}

/** Today's three gratitude texts, saved as they are typed; Done marks the exercise done. */
export function GratitudeView({ today, entry, canGoBack, onBack, onDone }: GratitudeViewProps) {
  const save = useSaveExercise();
  const { draft, snapshot } = useGratitudeDraft(today, entry, save);
  const [problem, setProblem] = useState<string | null>(null);
  const { fields } = snapshot;

  const done = async (event?: SubmitEvent<HTMLFormElement>) => {
    event?.preventDefault();
    try {
      // Unsaved words keep the view open, with the reason shown, rather than marking the day done without them.
      if (!(await draft.flush())) return;
      await save(today, { gratitude: true });
      onDone();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Could not mark the journal done.');
    }
  };

  return (
    <div className={styles.view}>
      <header className={styles.head}>
        <button type="button" className={styles.arrow} onClick={onBack} disabled={!canGoBack}>
          <ArrowLeft aria-hidden="true" size={20} />
          <span className="sr-only">Previous entries</span>
        </button>
        <div>
          <p className={styles.eyebrow}>{formatLongDay(today)}</p>
          <h1 className={styles.title}>Gratitude Journal</h1>
        </div>
      </header>
      <p className={styles.lead}>Log three items that you are grateful for today.</p>
      <form className={styles.form} onSubmit={(event) => void done(event)}>
        <GratitudeField field="gratitudeOne" label="One" hint="Something small counts: a warm drink, a kind word." state={fields.gratitudeOne} draft={draft} />
        <GratitudeField field="gratitudeTwo" label="Two" hint="Someone who made today better, and how." state={fields.gratitudeTwo} draft={draft} />
        <GratitudeField field="gratitudeThree" label="Three" hint="Something you did, saw or learned." state={fields.gratitudeThree} draft={draft} />
        <p className={styles.saved}>Saved on this device as you type.</p>
        {(problem ?? snapshot.saveError) !== null && (
          <p className={styles.problem} role="alert">
            {problem ?? snapshot.saveError}
          </p>
        )}
        <Button type="submit">Done</Button>
      </form>
      <KeptVersions day={today} entry={entry} />
    </div>
  );
}
