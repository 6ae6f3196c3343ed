import type { ReactNode } from 'react';
import { Share } from 'lucide-react';
import type { PushSupport } from '../../lib/push/push-support';
import styles from '../ui/notice.module.css';

export interface PushSupportNoteProps {
  readonly support: PushSupport;
  /** What the push switch turns on, in the plural as a sentence says it: “reminders”, “notifications”. */
  readonly what: string;
  /** The last iPhone step: where, once installed, the person finds the switch again. */
  readonly lastStep: ReactNode;
}

/**
 * Why a push switch cannot be used in this browser, and what to do instead; nothing where push
 * exists. Every feature with a push switch says it the same way, so it is said once here.
 */
export function PushSupportNote({ support, what, lastStep }: PushSupportNoteProps) {
  if (support === 'ios-needs-install') {
    return (
      <div className={styles.notice} role="note">
        <strong>First add Memento to your Home Screen.</strong> On iPhone and iPad, {what} work only from the Home Screen
        app:
        <ol className={styles.steps}>
          <li>
            Tap <Share aria-hidden="true" size={16} /> Share in Safari.
          </li>
          <li>Choose “Add to Home Screen”.</li>
          <li>{lastStep}</li>
        </ol>
      </div>
    );
  }
  if (support === 'unsupported') {
    return (
      <p className={styles.notice} role="note">
        This browser cannot show {what}. Try a current version of Chrome, Edge, Firefox or Safari.
      </p>
    );
  }
  return null;
}
