import styles from './pro-badge.module.css';

/** The Pro plan's badge. */
export function ProBadge() {
  return <span className={styles.badge}>PRO</span>;
}
