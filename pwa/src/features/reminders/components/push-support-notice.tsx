import { Share } from 'lucide-react';
import type { PushSupport } from '../../../lib/push/push-support';
import styles from './reminder-settings.module.css';

/** Why the switch cannot be used in this browser, and what to do instead; nothing where push exists. */
export function PushSupportNotice({ support }: { readonly support: PushSupport }) {
  if (support === 'ios-needs-install') {
    return (
      <div className={styles.notice} role="note">
        <strong>First add Memento to your Home Screen.</strong> On iPhone and iPad, reminders work only from the Home
        Screen app:
        <ol className={styles.steps}>
          <li>
            Tap <Share aria-hidden="true" size={16} /> Share in Safari.
          </li>
          <li>Choose “Add to Home Screen”.</li>
          <li>Open Memento from your Home Screen and turn reminders on there.</li>
        </ol>
      </div>
    );
  }
  if (support === 'unsupported') {
    return (
      <p className={styles.notice} role="note">
        This browser cannot show reminders. Try a current version of Chrome, Edge, Firefox or Safari.
      </p>
    );
  }
  return null;
}
