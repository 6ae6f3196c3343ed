import { Button } from '../../../components/ui/button';
import styles from './journal.module.css';

interface KeptWordsChoiceProps {
  readonly id: string;
  /** Words kept on this device that a later write replaced. */
  readonly words: string;
  /** Puts the words in, in place of the current text. Its promise keeps the buttons busy. */
  readonly onTake: () => unknown;
  /** Keeps the current text; the words go. */
  readonly onDrop: () => unknown;
}

/**
 * Words this device kept when it could not store them, where the text has changed elsewhere since:
 * putting them back silently would undo that change, and dropping them would lose what the person
 * wrote, so both are shown and the person chooses.
 */
export function KeptWordsChoice({ id, words, onTake, onDrop }: KeptWordsChoiceProps) {
  return (
    <div id={id} className={styles.keptChoice} role="group" aria-label="Words kept on this device">
      <p className={styles.keptLead}>
        This text changed elsewhere after you wrote here, and what you wrote then was kept on this device:
      </p>
      <blockquote className={styles.keptWords}>{words}</blockquote>
      <div className={styles.keptActions}>
        <Button size="sm" onClick={onTake}>
          Use my words
        </Button>
        <Button size="sm" variant="secondary" onClick={onDrop}>
          Keep the current text
        </Button>
      </div>
    </div>
  );
}
