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
      {/* Drawn, not styled: the share is an attribute, which the page's policy allows in the HTML
          the server writes, where it refuses style attributes. */}
      <div className={styles.healthTrack} aria-hidden="true">
        <svg className={styles.healthBar} viewBox="0 0 100 1" preserveAspectRatio="none" focusable="false">
          <rect className={`${styles.healthFill} ${low ? styles.healthLow : ''}`} width={share} height="1" />
        </svg>
      </div>
    </div>
  );
}
