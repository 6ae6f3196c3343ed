import type { ReactNode } from 'react';
import styles from './status-dock.module.css';

/** Holds the small notices at the bottom of the screen, stacked, above the page. */
export function StatusDock({ children }: { readonly children: ReactNode }) {
  return <div className={styles.dock}>{children}</div>;
}
