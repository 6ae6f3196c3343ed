import { RefreshCw, Share, X } from 'lucide-react';
import { Button } from '../ui/button';
import { BrandMark } from './brand-mark';
import styles from './dock-notice.module.css';

/** The notice's small × button; `label` is what a screen reader hears. */
function DismissButton({ label, onDismiss }: { readonly label: string; readonly onDismiss: () => void }) {
  return (
    <button type="button" className={styles.close} onClick={onDismiss}>
      <X aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </button>
  );
}

/** "Update available — Reload": the new version starts only when the person presses Reload. */
export function UpdateNotice({ onReload, onDismiss }: { readonly onReload: () => void; readonly onDismiss: () => void }) {
  return (
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
        <DismissButton label="Later" onDismiss={onDismiss} />
      </div>
    </div>
  );
}

/** The two steps to install from Safari's Share menu. */
export function IosInstallCard({ onDismiss }: { readonly onDismiss: () => void }) {
  return (
    <aside className={`${styles.notice} ${styles.wrap}`} aria-label="Add Memento to your Home Screen">
      <BrandMark className={styles.mark} />
      <p className={styles.text}>
        <strong>Add Memento to your Home Screen</strong>
        <span>
          Tap <Share className={styles.inlineIcon} aria-hidden="true" /> Share, then “Add to Home Screen”.
          Reminders need it on iPhone.
        </span>
      </p>
      <DismissButton label="Close" onDismiss={onDismiss} />
    </aside>
  );
}
