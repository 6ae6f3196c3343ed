import { Share } from 'lucide-react';
import type { PushSupport } from '../../../lib/push/push-support';
import styles from './new-comment-notifications.module.css';

/** Why this browser cannot take new-comment notifications, and what to do instead; nothing where it can. */
export function PushSupportNote({ support }: { readonly support: PushSupport }) {
  if (support === 'ios-needs-install') {
    return (
      <div className={styles.notice} role="note">
        <strong>First add Memento to your Home Screen.</strong> On iPhone and iPad, notifications work only from the Home
        Screen app:
        <ol className={styles.steps}>
          <li>
            Tap <Share aria-hidden="true" size={16} /> Share in Safari.
          </li>
          <li>Choose “Add to Home Screen”.</li>
          <li>Open Memento from your Home Screen, go to your trackers and turn notifications on there.</li>
        </ol>
      </div>
    );
  }
  if (support === 'unsupported') {
    return (
      <p className={styles.notice} role="note">
        This browser cannot show notifications. Try a current version of Chrome, Edge, Firefox or Safari.
      </p>
    );
  }
  return null;
}
