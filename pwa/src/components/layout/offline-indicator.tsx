import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from '../../lib/online-status';
import styles from './status-dock.module.css';

/** A steady notice while there is no network; the region stays so the change is announced. */
export function OfflineIndicator() {
  const online = useOnlineStatus();
  return (
    <div role="status">
      {!online && (
        <p className={styles.offline}>
          <WifiOff aria-hidden="true" />
          You’re offline. Pages you’ve opened still work.
        </p>
      )}
    </div>
  );
}
