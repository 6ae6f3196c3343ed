import { Share, X } from 'lucide-react';
import { useInstallOffer } from '../../lib/install-prompt';
import { BrandMark } from './brand-mark';
import styles from './status-dock.module.css';

/**
 * Safari on iPhone and iPad cannot offer installation itself: this card gives the two steps.
 * Closing it is remembered on this device.
 */
export function IosInstallHint() {
  const { offer, dismiss } = useInstallOffer();
  if (offer !== 'ios-instructions') return null;

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
      <button type="button" className={styles.close} onClick={dismiss}>
        <X aria-hidden="true" />
        <span className="sr-only">Close</span>
      </button>
    </aside>
  );
}
