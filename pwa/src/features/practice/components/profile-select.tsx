import { useId, useState } from 'react';
import styles from '../../../components/ui/panel.module.css';

export interface ProfileSelectProps {
  readonly label: string;
  readonly hint: string;
  readonly value: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  /** Saves the chosen value; a rejection is shown under the field. */
  readonly onSelect: (value: string) => Promise<unknown>;
  /** Shown when the save fails without a message of its own. */
  readonly failure: string;
}

/** One setting of the synced profile: a labelled select with a hint and the save's error. */
export function ProfileSelect({ label, hint, value, options, onSelect, failure }: ProfileSelectProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className={styles.setting}>
      <label className={styles.fileLabel} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setProblem(null);
          onSelect(event.target.value).catch((error: unknown) => {
            setProblem(error instanceof Error ? error.message : failure);
          });
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className={styles.text}>
        {hint}
      </p>
      {problem !== null && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
