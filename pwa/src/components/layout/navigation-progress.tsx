import { usePageLoading } from './page-loads';
import styles from './navigation-progress.module.css';

/** A thin bar at the top while the next page's code loads. */
export function NavigationProgress() {
  const loading = usePageLoading();
  if (!loading) return null;
  return <div className={styles.bar} aria-hidden="true" />;
}
