import { formatCount } from '#core/dates/calendar-day';
import { LIFE_WEEKS, LIFE_YEARS, summarizeLife } from '#core/life/life-weeks';
import styles from './life-sections.module.css';

export interface LifeStatsProps {
  readonly lived: number;
}

/** Weeks lived, weeks left and the week someone is on; a gentler note once the chart is full. */
export function LifeStats({ lived }: LifeStatsProps) {
  const { left, onWeek, beyondChart } = summarizeLife(lived);
  return (
    <div className={styles.stats}>
      <dl className={styles.statList}>
        <div className={styles.stat}>
          <dt>Weeks lived</dt>
          <dd>{formatCount(lived)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Weeks left</dt>
          <dd>{formatCount(left)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>You are on week</dt>
          <dd>{formatCount(onWeek)}</dd>
        </div>
      </dl>
      {beyondChart && (
        <p className={styles.kind}>
          You have lived past all {formatCount(LIFE_WEEKS)} weeks of this {LIFE_YEARS}-year chart. Every week from here
          is one more than most people get: a gift worth spending well.
        </p>
      )}
    </div>
  );
}
