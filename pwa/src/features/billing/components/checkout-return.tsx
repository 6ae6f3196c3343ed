import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useSessionStore } from '../../../session/use-session-store';
import { checkoutCheck } from '../data/confirm-checks';
import { CheckoutOpening } from './checkout-opening';
import { ConfirmationStatus } from './confirmation-status';

export interface CheckoutReturnProps {
  /** The Checkout Session the provider's page came back with. */
  readonly sessionId: string;
  /** The server confirmed the payment and the session now says paid. */
  readonly onConfirmed: () => void;
  readonly go?: (url: string) => void;
}

/**
 * Back on the dashboard from the hosted checkout: 'Confirming your payment …' until the server
 * has the provider's confirmation, then `onConfirmed`. A checkout that was not paid says so, with
 * a way to try again.
 */
export function CheckoutReturn({ sessionId, onConfirmed, go }: CheckoutReturnProps) {
  const store = useSessionStore();
  const [check] = useState(() => checkoutCheck(store, sessionId));
  const [opening, setOpening] = useState(false);
  return (
    <>
      <ConfirmationStatus
        check={check}
        onConfirmed={onConfirmed}
        refusedAction={
          <Button size="sm" onClick={() => setOpening(true)}>
            Upgrade now
          </Button>
        }
      />
      {opening && <CheckoutOpening onClose={() => setOpening(false)} {...(go === undefined ? {} : { go })} />}
    </>
  );
}
