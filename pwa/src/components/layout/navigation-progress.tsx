import { useNavigation } from 'react-router-dom';
import styles from './navigation-progress.module.css';

/** A thin bar at the top while the next page's code loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={styles.bar} aria-hidden="true" />;
}
