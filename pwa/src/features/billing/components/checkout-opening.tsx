import { useCallback, useEffect, useState } from 'react';
import { LoaderCircle } from 'lucide-react';
import { formatUsd, PRICES_CENTS } from '#core/plans/prices';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useOnlineStatus } from '../../../lib/online-status';
import { startCheckout } from '../data/billing-calls';
import { goToProvider } from '../data/go-to';
import { billingFailure } from '../plan-messages';
import styles from './billing.module.css';

export interface CheckoutOpeningProps {
  readonly onClose: () => void;
  /** Where the browser goes with the checkout's address (tests pass their own). */
  readonly go?: (url: string) => void;
}

type Opening = { readonly step: 'opening' } | { readonly step: 'failed'; readonly message: string };

/**
 * 'Upgrade now': asks the server for a hosted checkout (the person's e-mail filled in there) and
 * goes to it. Meanwhile, and when that fails, a dialog says what is happening.
 */
export function CheckoutOpening({ onClose, go = goToProvider }: CheckoutOpeningProps) {
  const online = useOnlineStatus();
  const [state, setState] = useState<Opening>({ step: 'opening' });
  const open = useCallback(
    () =>
      startCheckout().then(go, (error: unknown) => {
        setState({ step: 'failed', message: billingFailure(error, 'opening the checkout') });
      }),
    [go],
  );
  const retry = () => {
    setState({ step: 'opening' });
    return open();
  };

  useEffect(() => {
    void open();
  }, [open]);

  return (
    <Dialog
      title="Upgrade to Pro"
      onClose={onClose}
      actions={
        state.step === 'failed' ? (
          <>
            <Button onClick={retry} disabled={!online}>
              Try again
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </>
        ) : undefined
      }
    >
      <p>Pro is {formatUsd(PRICES_CENTS.proMonthly)} a month. You pay on a secure checkout page, with your e-mail already filled in, and come back here.</p>
      {state.step === 'opening' ? (
        <p className={styles.status} role="status">
          <LoaderCircle className={styles.spin} aria-hidden="true" size={20} />
          Opening the checkout …
        </p>
      ) : (
        <p className={styles.notice} role="alert">
          {state.message}
        </p>
      )}
    </Dialog>
  );
}
