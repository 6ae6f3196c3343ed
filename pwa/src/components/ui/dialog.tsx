import { useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useFocusTrap } from './use-focus-trap';
import styles from './dialog.module.css';

export interface DialogProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Buttons at the bottom; a Close button is always there. */
  readonly actions?: ReactNode;
  /** Added to the panel's class, for a dialog that lays out its content its own way. */
  readonly className?: string;
  /** Where focus goes on closing when the element that opened the dialog is gone or there was none. */
  readonly fallbackFocus?: () => HTMLElement | null;
}

/** A modal dialog: focus moves in and stays, Escape or Close ends it, focus returns. */
export function Dialog({ title, onClose, children, actions, className, fallbackFocus }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(true, panel, onClose, fallbackFocus);
  return (
    <div className={styles.backdrop}>
      <div ref={panel} className={className === undefined ? styles.panel : `${styles.panel} ${className}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose}>
            <X aria-hidden="true" size={20} />
            <span className="sr-only">Close</span>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {actions !== undefined && <div className={styles.actions}>{actions}</div>}
      </div>
    </div>
  );
}
