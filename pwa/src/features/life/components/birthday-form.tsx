import { useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CalendarDay, DayParts } from '#core/dates/calendar-day';
import {
  MONTH_NAMES,
  birthdayYearsAgo,
  checkBirthday,
  clampBirthdayParts,
  dayOptions,
  defaultBirthdayParts,
  yearOptions,
} from '#core/life/birthday-picker';
import { birthdayErrorText } from '../life-messages';
import { lifeLinks, type LifeVariant } from '../life-route';
import styles from './birthday-form.module.css';

export interface BirthdayFormProps {
  readonly variant: LifeVariant;
  readonly today: CalendarDay;
}

type Part = keyof DayParts;

/** Month, day and year selects whose values are exactly the birthday charted on DONE. */
export function BirthdayForm({ variant, today }: BirthdayFormProps) {
  const navigate = useNavigate();
  const links = lifeLinks(variant);
  const errorId = useId();
  const [parts, setParts] = useState<DayParts>(() => defaultBirthdayParts(today));
  const [submitted, setSubmitted] = useState(false);
  const check = checkBirthday(parts, today);
  // A future day is said as soon as it is picked; other problems only after DONE.
  const error = !check.ok && (submitted || check.error === 'future') ? birthdayErrorText(check.error) : null;

  const change = (part: Part) => (event: ChangeEvent<HTMLSelectElement>) => {
    const value = Number(event.target.value);
    setParts((current) => clampBirthdayParts({ ...current, [part]: value }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.ok) void navigate(links.chart(check.birthday));
    else setSubmitted(true);
  };

  const describedBy = error === null ? undefined : errorId;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Enter your birthday</legend>
        <div className={styles.selects}>
          <label className={styles.field}>
            <span className={styles.label}>Month</span>
            <select className={styles.select} value={parts.month} onChange={change('month')} aria-describedby={describedBy}>
              {MONTH_NAMES.map((name, i) => (
                <option key={name} value={i + 1}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.label}>Day</span>
            <select className={styles.select} value={parts.day} onChange={change('day')} aria-describedby={describedBy}>
              {dayOptions(parts.year, parts.month).map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.label}>Year</span>
            <select className={styles.select} value={parts.year} onChange={change('year')} aria-describedby={describedBy}>
              {yearOptions(today).map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
        </div>
      </fieldset>
      <p id={errorId} className={styles.error} role="alert">
        {error}
      </p>
      <button type="submit" className={styles.done} aria-disabled={!check.ok || undefined}>
        DONE
      </button>
      {variant === 'public' && (
        <Link className={styles.sample} to={links.chart(birthdayYearsAgo(today))}>
          Or, use the birthday of a 28-year old
        </Link>
      )}
    </form>
  );
}
