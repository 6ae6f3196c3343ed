import { useId, useState, type ClipboardEvent, type DragEvent } from 'react';
import { JOURNAL_TEXT_MAX, type JournalTextField } from '#core/schemas/records';
import type { FieldDraft, GratitudeDraft } from '../gratitude-draft';
import { fullMessage, journalTextRoom, refusedInsertMessage, showsCounter } from '../journal-text-limit';
import { KeptWordsChoice } from './kept-words-choice';
import styles from './journal.module.css';

interface GratitudeFieldProps {
  readonly field: JournalTextField;
  readonly label: string;
  readonly hint: string;
  readonly state: FieldDraft;
  readonly draft: GratitudeDraft;
}

const count = new Intl.NumberFormat('en-US');

/**
 * One of the three texts: saved as it is typed, never overwritten while it is being edited.
 * Near JOURNAL_TEXT_MAX a counter shows how much room is left; at it, typing stops (maxLength).
 * A paste or drop that would not fit is refused whole and said so, instead of the browser
 * keeping only its beginning: the text stays on the clipboard, nothing is cut off unseen.
 */
export function GratitudeField({ field, label, hint, state, draft }: GratitudeFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const noticeId = `${id}-notice`;
  const counterId = `${id}-counter`;
  const limitId = `${id}-limit`;
  const keptId = `${id}-kept`;
  const [refused, setRefused] = useState<string | null>(null);
  const length = state.value.length;
  const counter = showsCounter(length) || refused !== null;
  const limitMessage = refused ?? (length >= JOURNAL_TEXT_MAX ? fullMessage() : null);
  const describedBy = [hintId, counter && counterId, limitMessage !== null && limitId, state.updatedElsewhere !== false && noticeId, state.keptAside !== null && keptId]
    .filter((part) => typeof part === 'string')
    .join(' ');

  const refuseIfTooLong = (event: ClipboardEvent<HTMLTextAreaElement> | DragEvent<HTMLTextAreaElement>, text: string) => {
    const { selectionStart, selectionEnd } = event.currentTarget;
    const room = journalTextRoom(length, selectionEnd - selectionStart);
    if (text.length <= room) return;
    event.preventDefault();
    setRefused(refusedInsertMessage(text.length, room));
  };

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      <textarea
        id={id}
        className={styles.textarea}
        rows={3}
        maxLength={JOURNAL_TEXT_MAX}
        value={state.value}
        // Until the person has chosen between the words kept aside and this text.
        readOnly={state.keptAside !== null}
        aria-describedby={describedBy}
        onChange={(event) => {
          setRefused(null);
          draft.edit(field, event.target.value);
        }}
        onPaste={(event) => refuseIfTooLong(event, event.clipboardData.getData('text/plain'))}
        onDrop={(event) => refuseIfTooLong(event, event.dataTransfer.getData('text/plain'))}
        onFocus={() => draft.focus(field)}
        onBlur={() => draft.blur(field)}
      />
      {counter && (
        <p id={counterId} className={styles.counter}>
          {count.format(length)} / {count.format(JOURNAL_TEXT_MAX)}
          <span className="sr-only"> characters</span>
        </p>
      )}
      {limitMessage !== null && (
        <p id={limitId} className={styles.limitReached} role="status">
          {limitMessage}
        </p>
      )}
      {state.keptAside !== null && (
        <KeptWordsChoice id={keptId} words={state.keptAside} onTake={() => draft.takeKept(field)} onDrop={() => draft.dropKept(field)} />
      )}
      {state.updatedElsewhere === 'device' && (
        <p id={noticeId} className={styles.notice} role="status">
          Updated on another device. What you type here is kept; the other text stays available as an earlier
          version.
        </p>
      )}
      {state.updatedElsewhere === 'tab' && (
        <p id={noticeId} className={styles.notice} role="status">
          Changed in another tab or window of Memento on this device. What you type here replaces that text.
        </p>
      )}
    </div>
  );
}
