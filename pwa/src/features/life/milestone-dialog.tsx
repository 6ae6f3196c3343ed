import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { X } from 'lucide-react';
import { formatCount, formatLongDay } from '#core/dates/calendar-day';
import type { Milestone } from '#core/life/milestones';
import { MilestonePortrait } from './milestone-portrait';
import styles from './milestone-dialog.module.css';

export interface MilestoneDialogProps {
  readonly milestone: Milestone;
  /** Whole weeks the viewer has lived, to place the milestone in their own life. */
  readonly lived: number;
  readonly onClose: () => void;
  /** Where focus goes when the dialog closes if the element that opened it is gone. */
  readonly fallbackFocus: () => HTMLElement | null;
}

function relativeToYou(week: number, lived: number): string {
  if (week === lived) return 'You are in this week of your own life right now.';
  const distance = formatCount(Math.abs(week - lived));
  return week < lived ? `You passed this week of your life ${distance} weeks ago.` : `You reach this week of your life in ${distance} weeks.`;
}

/**
 * A native modal dialog: showModal() makes the page behind it inert, so focus stays inside,
 * and Escape arrives as a cancel event that closes through the router like the close button.
 */
export function MilestoneDialog({ milestone, lived, onClose, fallbackFocus }: MilestoneDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fallbackRef = useRef(fallbackFocus);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const fallback = fallbackRef.current;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      const target = opener?.isConnected && opener !== document.body ? opener : fallback();
      target?.focus();
    };
  }, []);

  const cancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };
  // A modal dialog makes the page inert, but Tab can still leave for the browser's own toolbar.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('button, a[href], [tabindex="0"]')];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const leaving = event.shiftKey ? document.activeElement === first : document.activeElement === last;
    if (!leaving) return;
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  };
  // A click on the backdrop lands on the dialog element itself, outside the card.
  const clickBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog ref={dialogRef} className={styles.dialog} aria-labelledby={titleId} onCancel={cancel} onClick={clickBackdrop} onKeyDown={keepFocusInside}>
      <div className={styles.card}>
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
          <X aria-hidden size={20} />
        </button>
        <MilestonePortrait milestone={milestone} size="large" />
        <h2 id={titleId} className={styles.name}>
          {milestone.name}
        </h2>
        <p className={styles.date}>{formatLongDay(milestone.date)}</p>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>Week of their life</dt>
            <dd>{formatCount(milestone.weekNum + 1)}</dd>
          </div>
          <div className={styles.fact}>
            <dt>Age that week</dt>
            <dd>{milestone.age}</dd>
          </div>
          <div className={styles.wide}>
            <dt>Accomplishment</dt>
            <dd>{milestone.achievement}</dd>
          </div>
        </dl>
        <p className={styles.you}>{relativeToYou(milestone.weekNum, lived)}</p>
      </div>
    </dialog>
  );
}
