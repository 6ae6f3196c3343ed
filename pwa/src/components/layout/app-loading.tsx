import { BrandMark } from './brand-mark';
import styles from './app-loading.module.css';

/** The quiet state shown while a page's code is loading. */
export function AppLoading() {
  return (
    <div className={styles.loading} role="status">
      <BrandMark className={styles.mark} />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
