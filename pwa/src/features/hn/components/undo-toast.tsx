import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { Undo2, X } from 'lucide-react';
import styles from './triage.module.css';

export interface UndoOffer {
  /** Tells one offer from the next, so each gets its full time on screen. */
  readonly id: number;
  readonly message: string;
  /** null for a message with nothing to undo (a failure, or the confirmation of an undo). */
  readonly undo: (() => Promise<void>) | null;
}

/**
 * Long enough to read the message and reach the button. Undo is never the only way back: the
 * "Done and snoozed" list restores any comment, however long ago it was set aside.
 */
const UNDO_TIMEOUT_MS = 8_000;

/**
 * The confirmation of a triage with its Undo, at the bottom of the screen above the app's own
 * notices. The live region is always in the page, so each message is announced as it appears.
 * It stays while focus or the pointer is on it.
 */
export function UndoToast({ offer, undoButton, onHide }: { readonly offer: UndoOffer | null; readonly undoButton: RefObject<HTMLButtonElement | null>; readonly onHide: () => void }) {
  const region = useRef<HTMLDivElement>(null);
  const hide = useEffectEvent(onHide);
  const id = offer?.id;

  useEffect(() => {
    if (id === undefined) return;
    let timer: ReturnType<typeof setTimeout>;
    const later = () => {
      timer = setTimeout(() => {
        const held = region.current?.matches(':hover, :focus-within') ?? false;
        if (held) later();
        else hide();
      }, UNDO_TIMEOUT_MS);
    };
    later();
    return () => clearTimeout(timer);
  }, [id]);

  return (
    <div ref={region} className={styles.undoRegion}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {offer !== null && (
          <div className={styles.undo}>
            <span>{offer.message}</span>
            {offer.undo !== null && (
              <button type="button" ref={undoButton} className={styles.undoButton} onClick={() => void offer.undo?.()}>
                <Undo2 aria-hidden="true" size={16} /> Undo
              </button>
            )}
            <button type="button" className={styles.undoClose} onClick={onHide}>
              <X aria-hidden="true" size={16} />
              <span className="sr-only">Dismiss</span>
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
