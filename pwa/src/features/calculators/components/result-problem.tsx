import { dayParts, type CalendarDay } from '#core/dates/calendar-day';
import { defaultTargetDay, nextAnnualDay } from '#core/dates/presets';
import type { TargetResolution } from '#core/dates/target';
import { daysUntil } from '#core/dates/until';
import { invalidTargetText, pastTargetText } from '../copy';
import type { CalculatorUnit } from '../units';
import { DateEntryForm } from './date-entry-form';
import { TargetProblem } from './target-problem';
import styles from './calculator-page.module.css';

export interface ResultProblemProps {
  readonly calculator: CalculatorUnit;
  readonly resolution: Exclude<TargetResolution, { kind: 'ok' }>;
  readonly target: string;
  readonly today: CalendarDay;
}

/** Why there is no answer, and the form to try again, started on the most likely day. */
export function ResultProblem({ calculator, resolution, target, today }: ResultProblemProps) {
  let problem;
  let suggestion: CalendarDay;
  if (resolution.kind === 'past') {
    const { month, day } = dayParts(resolution.day);
    problem = pastTargetText(resolution.day, -daysUntil(today, resolution.day));
    // Someone counting to last year's date most likely meant its next anniversary.
    suggestion = nextAnnualDay(today, month, day);
  } else {
    problem = invalidTargetText(resolution.reason, target, calculator.unit);
    suggestion = defaultTargetDay(today);
  }

  return (
    <>
      <TargetProblem {...problem} />
      <div className={styles.card}>
        <DateEntryForm
          key={suggestion}
          calculator={calculator}
          today={today}
          initialDay={suggestion}
          label={`Count the ${calculator.plural} until`}
        />
      </div>
    </>
  );
}
