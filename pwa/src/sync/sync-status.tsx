import { CircleAlert, CloudCheck, CloudOff, HardDrive, LogOut, RefreshCw } from 'lucide-react';
import type { SyncStatus as Status } from './status';
import type { SyncStatusView } from './use-sync-status';
import styles from './sync-status.module.css';

const ICONS: Record<Status['kind'], typeof CloudCheck> = {
  'signed-out': LogOut,
  error: CircleAlert,
  offline: CloudOff,
  syncing: RefreshCw,
  'saved-locally': HardDrive,
  synced: CloudCheck,
};

/**
 * The status line for signed-in screens: "Saved on this device", "Synced 2 min ago", …
 * Only the main words sit in the live region, so screen readers hear a change of status, not
 * the minute-by-minute relative time.
 */
export function SyncStatus({ view }: { readonly view: SyncStatusView }) {
  const Icon = ICONS[view.status.kind];
  return (
    <div className={styles.status} data-kind={view.status.kind}>
      <Icon className={styles.icon} aria-hidden="true" />
      <p className={styles.text}>
        <span role="status" aria-live="polite">
          {view.main}
        </span>
        {view.detail !== null && <span className={styles.detail}> {view.detail}</span>}
      </p>
      {view.dismiss !== null && (
        <button type="button" className={styles.dismiss} onClick={view.dismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
