import { useId, type ComponentPropsWithoutRef } from 'react';
import styles from './checkout.module.css';

interface TextFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'className'> {
  readonly label: string;
  /** Shown under the field and tied to it; null when there is nothing to say. */
  readonly problem: string | null;
}

/** A labelled input whose problem, when there is one, is announced with it. */
export function TextField({ label, problem, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={styles.input}
        aria-invalid={problem !== null}
        aria-describedby={problem === null ? undefined : `${id}-problem`}
      />
      {problem !== null && (
        <p id={`${id}-problem`} className={styles.problem}>
          {problem}
        </p>
      )}
    </div>
  );
}
