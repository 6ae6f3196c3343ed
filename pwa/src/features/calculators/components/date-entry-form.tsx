import { useId, useRef, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CalendarDay } from '#core/dates/calendar-day';
import { parseUntilDate, type UntilDateIssue } from '#core/dates/until-form';
import { formIssueText } from '../copy';
import { useDateHint } from '../date-hint';
import type { CalculatorUnit } from '../units';
import styles from './date-entry-form.module.css';

export interface DateEntryFormProps {
  readonly calculator: CalculatorUnit;
  readonly today: CalendarDay;
  /** The day the field starts on. */
  readonly initialDay: CalendarDay;
  readonly label: string;
}

/** The date field and DONE button; a valid day opens the calculator's result page. */
export function DateEntryForm({ calculator, today, initialDay, label }: DateEntryFormProps) {
  const navigate = useNavigate();
  const [value, setValue] = useState<string>(initialDay);
  const [issue, setIssue] = useState<UntilDateIssue | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const hint = useDateHint(initialDay);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = parseUntilDate(value, today);
    if (result.ok) {
      void navigate(calculator.targetHref(result.day));
      return;
    }
    setIssue(result.issue);
    input.current?.focus();
  };

  return (
    // Our own messages replace the browser's bubbles: they are worded for this form and read by screen readers.
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      <div className={styles.row}>
        <input
          ref={input}
          id={inputId}
          className={styles.input}
          type="date"
          name="date"
          required
          pattern="\d{4}-\d{2}-\d{2}"
          min={today}
          max="9999-12-31"
          value={value}
          aria-invalid={issue !== null}
          aria-describedby={issue ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setIssue(null);
          }}
        />
        <button className={styles.done} type="submit">
          Done
        </button>
      </div>
      {issue && (
        <p id={errorId} className={styles.error}>
          {formIssueText(issue)}
        </p>
      )}
    </form>
  );
}
