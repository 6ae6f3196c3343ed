import { RefreshCw, X } from 'lucide-react';
import { Button } from '../ui/button';
import styles from './status-dock.module.css';

interface UpdateBannerProps {
  readonly show: boolean;
  readonly onReload: () => Promise<void>;
  readonly onDismiss: () => void;
}

/** "Update available — Reload": the new version starts only when the person presses Reload. */
export function UpdateBanner({ show, onReload, onDismiss }: UpdateBannerProps) {
  return (
    <div role="status">
      {show && (
        <div className={styles.notice}>
          <RefreshCw className={styles.icon} aria-hidden="true" />
          <p className={styles.text}>
            <strong>Update available</strong>
            <span>A new version of Memento is ready. Reload when it suits you.</span>
          </p>
          <div className={styles.buttons}>
            <Button size="sm" onClick={onReload}>
              Reload
            </Button>
            <button type="button" className={styles.close} onClick={onDismiss}>
              <X aria-hidden="true" />
              <span className="sr-only">Later</span>
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
