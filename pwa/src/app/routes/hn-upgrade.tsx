import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '#core/paths';
import { PRICES_CENTS } from '#core/plans/prices';
import { RequireSignedIn } from '../../features/accounts/components/require-signed-in';
import { signupHref } from '../../features/accounts/next-path';
import { ConfirmationStatus } from '../../features/billing/components/confirmation-status';
import { locallyUpgrade } from '../../features/billing/data/apply-account';
import { accountCheck } from '../../features/billing/data/confirm-checks';
import { AlreadyPro, HnUpgradePage } from '../../features/hn/components/hn-upgrade-page';
import { CheckoutForm } from '../../features/payments/components/checkout-form';
import { useSession } from '../../session/use-session';
import { useSessionStore } from '../../session/use-session-store';

/**
 * /hnupgrade: Pro through the shared checkout (name and card, `POST /api/chargeHNSubscription`).
 * Once paid the account counts as Pro here at once; the page waits until the server confirms it,
 * then goes to /hnrd.
 */
export function Component() {
  const { user, isPaid } = useSession();
  const store = useSessionStore();
  const navigate = useNavigate();
  // 'default': the app opened on this page, so there is no page of ours to go back to.
  const openedHere = useLocation().key === 'default';
  const [check, setCheck] = useState<ReturnType<typeof accountCheck> | null>(null);
  const onSucceeded = useCallback(() => {
    locallyUpgrade(store);
    setCheck(() => accountCheck(store));
  }, [store]);
  const onConfirmed = useCallback(() => void navigate(paths.hnrd.href(), { replace: true }), [navigate]);
  const onCancel = useCallback(() => void (openedHere ? navigate(paths.hnrd.href()) : navigate(-1)), [navigate, openedHere]);
  const account = { name: user.user_first_name, email: user.user_email, isPaid };
  return (
    <RequireSignedIn>
      <HnUpgradePage
        account={account}
        signInHref={signupHref(paths.hnUpgrade.href())}
        checkout={
          check !== null ? (
            <ConfirmationStatus check={check} onConfirmed={onConfirmed} />
          ) : isPaid ? (
            <AlreadyPro />
          ) : (
            <CheckoutForm product="proMonthly" amountCents={PRICES_CENTS.proMonthly} submitLabel="Upgrade" onSucceeded={onSucceeded} onCancel={onCancel} />
          )
        }
      />
    </RequireSignedIn>
  );
}
