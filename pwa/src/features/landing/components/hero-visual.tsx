import { Check } from 'lucide-react';
import styles from './hero-visual.module.css';

/** A picture of a day in Memento: the weeks so far and today's two activities. Decorative. */
export function HeroVisual() {
  return (
    <div className={styles.visual} aria-hidden="true">
      <div className={styles.top}>
        <span className={styles.label}>Your life in weeks</span>
        <span className={styles.week}>Week 1,482 of 4,732</span>
      </div>
      <p className={styles.big}>
        3,250<span>weeks to go</span>
      </p>
      <div className={styles.grid}>
        <div className={styles.lived} />
        <div className={styles.livedRow} />
        <div className={styles.now} />
      </div>
      <div className={styles.today}>
        <span className={styles.label}>Today</span>
        <p className={styles.task}>
          <span className={styles.check}>
            <Check />
          </span>
          Weeks left to live
          <small>Done</small>
        </p>
        <p className={styles.task}>
          <span className={`${styles.check} ${styles.open}`} />
          Gratitude journal
          <small>2 of 3</small>
        </p>
      </div>
    </div>
  );
}
