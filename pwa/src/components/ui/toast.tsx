import { useEffect, useEffectEvent } from 'react';
import { X } from 'lucide-react';
import { TOAST_TIMEOUT_MS } from '#core/ui-timing';
import styles from './toast.module.css';

interface ToastRegionProps {
  readonly show: boolean;
  readonly message: string;
  readonly onHide: () => void;
}

/**
 * A short message at the bottom of the screen. The region is always in the page, so screen
 * readers announce a message as it appears; it hides by itself after a few seconds or when
 * pressed.
 */
export function ToastRegion({ show, message, onHide }: ToastRegionProps) {
  const hide = useEffectEvent(onHide);

  useEffect(() => {
    if (!show) return;
    const timer = setTimeout(hide, TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [show, message]);

  return (
    <div className={styles.region} role="status" aria-live="polite" aria-atomic="true">
      {show && message !== '' && (
        <button type="button" className={styles.toast} onClick={onHide}>
          <span>{message}</span>
          <X className={styles.close} aria-hidden="true" />
          <span className="sr-only">Dismiss</span>
        </button>
      )}
    </div>
  );
}
