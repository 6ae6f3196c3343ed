import styles from './life-sections.module.css';

/** The key to the chart, drawn with the same colours and shapes as the chart. */
export function ChartLegend() {
  return (
    <ul className={styles.legend} aria-label="Legend">
      <li>
        <span className={styles.swatchLived} aria-hidden="true" />
        Week already lived
      </li>
      <li>
        <span className={styles.swatchCurrent} aria-hidden="true" />
        This week
      </li>
      <li>
        <span className={styles.swatchFuture} aria-hidden="true" />
        Not lived yet
      </li>
      <li>
        <span className={styles.swatchMilestone} aria-hidden="true" />
        Click to see a famous milestone
      </li>
    </ul>
  );
}
