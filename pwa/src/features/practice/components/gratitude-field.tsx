import { useId } from 'react';
import type { JournalTextField } from '#core/schemas/records';
import type { FieldDraft, GratitudeDraft } from '../gratitude-draft';
import styles from './journal.module.css';

interface GratitudeFieldProps {
  readonly field: JournalTextField;
  readonly label: string;
  readonly hint: string;
  readonly state: FieldDraft;
  readonly draft: GratitudeDraft;
}

/** One of the three texts: saved as it is typed, never overwritten while it is being edited. */
export function GratitudeField({ field, label, hint, state, draft }: GratitudeFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const noticeId = `${id}-notice`;
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
        value={state.value}
        aria-describedby={state.updatedElsewhere ? `${hintId} ${noticeId}` : hintId}
        onChange={(event) => draft.edit(field, event.target.value)}
        onFocus={() => draft.focus(field)}
        onBlur={() => draft.blur(field)}
      />
      {state.updatedElsewhere && (
        <p id={noticeId} className={styles.notice} role="status">
          Updated on another device. What you type here is kept; the other text stays available as an earlier
          version.
        </p>
      )}
    </div>
  );
}
