import { useId, useState } from 'react';
import { doneRuleSchema, type DoneRule } from '#core/practice/streaks';
import { useSaveProfile } from '../data/save-profile';
import { DONE_RULE_CHOICES } from '../practice-format';
import styles from './account-view.module.css';

/** Which exercises make a day "done" for the streak calendar (and for the daily reminder). */
export function DoneRuleSetting({ value }: { readonly value: DoneRule }) {
  const save = useSaveProfile();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className={styles.setting}>
      <label className={styles.fileLabel} htmlFor={id}>
        A day counts as done when…
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const rule = doneRuleSchema.safeParse(event.target.value);
          if (!rule.success) return;
          setProblem(null);
          save({ doneRule: rule.data }).catch((error: unknown) => {
            setProblem(error instanceof Error ? error.message : 'The choice could not be saved.');
          });
        }}
      >
        {DONE_RULE_CHOICES.map((choice) => (
          <option key={choice.rule} value={choice.rule}>
            {choice.label}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className={styles.text}>
        Your streak counts the days done this way, and no reminder comes on a day already done.
      </p>
      {problem !== null && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
