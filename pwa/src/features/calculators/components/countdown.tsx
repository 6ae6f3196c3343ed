import { formatCount, formatLongDay, type CalendarDay } from '#core/dates/calendar-day';
import { dayName, durationParts, sentenceStart } from '../copy';
import type { CalculatorUnit } from '../units';
import styles from './countdown.module.css';

export interface CountdownProps {
  readonly calculator: CalculatorUnit;
  readonly day: CalendarDay;
  readonly totalDays: number;
  readonly label: string | undefined;
}

/** The count in large type, then what it counts to: "4 weeks and 5 days until Christmas". */
export function Countdown({ calculator, day, totalDays, label }: CountdownProps) {
  const { count, unit, remainder } = durationParts(calculator.unit, totalDays);

  return (
    <div className={styles.countdown}>
      <h1 className={styles.heading}>
        <span className={styles.number}>{formatCount(count)}</span>{' '}
        <span className={styles.unit}>{unit}</span>
        {remainder && <span className={styles.remainder}> and {remainder}</span>}
        <span className={styles.until}> until {dayName(day, label)}</span>
      </h1>
      {label && <p className={styles.date}>{formatLongDay(day)}</p>}
    </div>
  );
}

export interface DayAheadProps {
  readonly day: CalendarDay;
  readonly label: string;
}

/** For a count from today the answer is the date itself: "3 weeks from today is December 13, 2026". */
export function DayAhead({ day, label }: DayAheadProps) {
  // The weekday goes on a line of its own: with it, the date in large type wraps badly on a phone.
  const [weekdayName = '', ...date] = formatLongDay(day).split(', ');
  return (
    <div className={styles.countdown}>
      <h1 className={styles.heading}>
        <span className={styles.lead}>{label} is</span>{' '}
        <span className={styles.longDate}>{date.join(', ')}</span>
      </h1>
      <p className={styles.date}>{`a ${weekdayName}`}</p>
    </div>
  );
}

export interface TodayIsTheDayProps {
  readonly day: CalendarDay;
  readonly label: string | undefined;
}

export function TodayIsTheDay({ day, label }: TodayIsTheDayProps) {
  return (
    <div className={styles.countdown}>
      <h1 className={styles.heading}>
        <span className={styles.lead}>{label ? sentenceStart(label) : 'That day'} is</span>{' '}
        <span className={styles.longDate}>today</span>
      </h1>
      <p className={styles.date}>{formatLongDay(day)}</p>
    </div>
  );
}
