import { useId, useState } from 'react';
import { useSaveProfile } from '../data/save-profile';
import { DAY_START_CHOICES } from '../practice-format';
import styles from './account-view.module.css';

/** When a new journal day begins: writing at 00:30 with a 4 am start still counts for the day before. */
export function DayStartSetting({ value }: { readonly value: number }) {
  const save = useSaveProfile();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className={styles.setting}>
      <label className={styles.fileLabel} htmlFor={id}>
        Day starts at
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setProblem(null);
          save({ dayStartMinutes: Number(event.target.value) }).catch((error: unknown) => {
            setProblem(error instanceof Error ? error.message : 'The day start could not be saved.');
          });
        }}
      >
        {DAY_START_CHOICES.map((choice) => (
          <option key={choice.minutes} value={choice.minutes}>
            {choice.label}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className={styles.text}>
        If you write after midnight, a later start keeps it on the day you are finishing.
      </p>
      {problem !== null && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
