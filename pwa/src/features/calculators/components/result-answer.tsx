import type { CalendarDay } from '#core/dates/calendar-day';
import type { TargetResolution } from '#core/dates/target';
import { daysUntil } from '#core/dates/until';
import { ShareLink } from '../../../components/share-link/share-link';
import type { CalculatorUnit } from '../units';
import { Countdown, DayAhead, TodayIsTheDay } from './countdown';
import styles from './calculator-page.module.css';

export interface ResultAnswerProps {
  readonly calculator: CalculatorUnit;
  readonly resolution: Extract<TargetResolution, { kind: 'ok' }>;
  readonly today: CalendarDay;
  readonly shareUrl: string;
  readonly shareTitle: string;
}

/** The answer in the form that fits the target, and the link to share it. */
export function ResultAnswer({ calculator, resolution, today, shareUrl, shareTitle }: ResultAnswerProps) {
  const { day, label, source } = resolution;
  const total = daysUntil(today, day);
  let answer;
  if (total === 0) answer = <TodayIsTheDay day={day} label={label} />;
  else if (source === 'offset' && label) answer = <DayAhead day={day} label={label} />;
  else answer = <Countdown calculator={calculator} day={day} totalDays={total} label={label} />;

  return (
    <>
      <section className={styles.intro} aria-label="Result">
        {answer}
      </section>
      <ShareLink url={shareUrl} title={shareTitle} />
    </>
  );
}
