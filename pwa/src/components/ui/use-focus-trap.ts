import { useEffect, useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * While `active`: focus moves into `container` (its first control), Tab stays inside it, Escape
 * calls `onClose`; when it ends, focus goes back where it was. When it opened with nothing
 * focused (a page opened at the dialog's own address) or that element is gone, focus goes to
 * `fallbackFocus()` instead.
 *
 * Focus moves in, and Escape is heard, in a layout effect: in the same commit that shows the
 * container, so a key pressed the moment it appears reaches it, not the control behind it. Focus
 * goes back in a passive effect's cleanup: React puts focus back where it was after a commit's DOM
 * changes, which would undo a focus moved in a layout effect's cleanup while the container stays
 * in the page (the dashboard's sidebar).
 */
export function useFocusTrap(
  active: boolean,
  container: RefObject<HTMLElement | null>,
  onClose: () => void,
  fallbackFocus?: () => HTMLElement | null,
): void {
  const close = useEffectEvent(onClose);
  const fallback = useEffectEvent(() => fallbackFocus?.() ?? null);
  const returnTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const root = container.current;
    if (!active || root === null) return;
    const focused = document.activeElement;
    returnTo.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    const focusables = () => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
    (focusables()[0] ?? root).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items.at(-1);
      if (first === undefined || last === undefined) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    root.addEventListener('keydown', onKey);
    return () => {
      root.removeEventListener('keydown', onKey);
    };
  }, [active, container]);
  useEffect(() => {
    if (!active) return;
    return () => {
      const before = returnTo.current;
      returnTo.current = null;
      (before?.isConnected === true ? before : fallback())?.focus();
    };
  }, [active]);
}
