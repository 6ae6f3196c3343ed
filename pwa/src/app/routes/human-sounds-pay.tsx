import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '#core/paths';
import { PRICES_CENTS } from '#core/plans/prices';
import type { ChargeResponse } from '#core/schemas/payments';
import { HumanSoundsPayPage, PaidWithoutLink } from '../../features/human-sounds/components/pay-page';
import { CheckoutForm } from '../../features/payments/components/checkout-form';

/** /humansounds/pay: the sound library, paid through the shared checkout, then its thank-you page. */
export function Component() {
  const navigate = useNavigate();
  // 'default': the app opened on this page, so there is no page of ours to go back to.
  const openedHere = useLocation().key === 'default';
  const [paidWithoutLink, setPaidWithoutLink] = useState<ChargeResponse | null>(null);
  const onSucceeded = useCallback(
    (reply: ChargeResponse) => {
      // The thank-you page replaces the checkout: Back from it does not open a paid checkout again.
      if (reply.downloadToken !== undefined) void navigate(paths.humanSoundsThankYou.href(reply.downloadToken), { replace: true });
      else setPaidWithoutLink(reply);
    },
    [navigate],
  );
  const onCancel = useCallback(() => void (openedHere ? navigate(paths.humanSounds.href()) : navigate(-1)), [navigate, openedHere]);
  return (
    <HumanSoundsPayPage
      checkout={
        paidWithoutLink === null ? (
          <CheckoutForm
            product="humanSounds"
            amountCents={PRICES_CENTS.humanSounds}
            submitLabel="Confirm"
            onSucceeded={onSucceeded}
            onCancel={onCancel}
          />
        ) : (
          <PaidWithoutLink message={paidWithoutLink.message} />
        )
      }
    />
  );
}
