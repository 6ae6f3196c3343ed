import { formatPoints } from '../game-words';
import styles from './game.module.css';

/** A health bar with its numbers ("60.7 / 100"); the bar itself is only their picture. */
export function HealthBar({ label, value, max }: { readonly label: string; readonly value: number; readonly max: number }) {
  const shown = Math.max(0, value);
  const share = Math.min(100, (shown / max) * 100);
  const low = share <= 30;
  return (
    <div className={styles.health}>
      <p className={styles.healthText}>
        <span>{label}</span>
        <span className={styles.healthNumbers}>
          {formatPoints(shown)} / {formatPoints(max)}
        </span>
      </p>
      <div className={styles.healthTrack} aria-hidden="true">
        <div className={`${styles.healthFill} ${low ? styles.healthLow : ''}`} style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}
