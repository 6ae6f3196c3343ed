import { Suspense, useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '#core/paths';
import { PRICES_CENTS } from '#core/plans/prices';
import { RequireSignedIn } from '../../features/accounts/components/require-signed-in';
import { signupHref } from '../../features/accounts/next-path';
import { AlreadyPro, HnUpgradePage } from '../../features/hn/components/upgrade-prompt';
import { useSession } from '../../session/use-session';
import { lazyRetrying } from '../../lib/lazy-retrying';

// Loaded with the page's frame rather than in it: the app shell lists the files of every route's
// own imports, and the checkout's would add to the first page's download.
const CheckoutForm = lazyRetrying(() => import('../../features/payments/components/checkout-form').then((module) => module.CheckoutForm));
const CancellationTerms = lazyRetrying(() =>
  import('../../features/billing/components/cancellation-terms').then((module) => module.CancellationTerms),
);
const UpgradeConfirmation = lazyRetrying(() =>
  import('../../features/billing/components/upgrade-confirmation').then((module) => module.UpgradeConfirmation),
);

/**
 * /hnupgrade: Pro through the shared checkout (name and card, `POST /api/chargeHNSubscription`).
 * Once paid the account counts as Pro here at once; the page waits until the server confirms it,
 * then goes to /hnrd.
 */
export function Component() {
  const { user, isPaid } = useSession();
  const navigate = useNavigate();
  // 'default': the app opened on this page, so there is no page of ours to go back to.
  const openedHere = useLocation().key === 'default';
  const [paid, setPaid] = useState(false);
  const onSucceeded = useCallback(() => setPaid(true), []);
  const onConfirmed = useCallback(() => void navigate(paths.hnrd.href(), { replace: true }), [navigate]);
  const onCancel = useCallback(() => void (openedHere ? navigate(paths.hnrd.href()) : navigate(-1)), [navigate, openedHere]);
  const account = { name: user.user_first_name, email: user.user_email, isPaid };
  return (
    <RequireSignedIn>
      <HnUpgradePage
        account={account}
        signInHref={signupHref(paths.hnUpgrade.href())}
        checkout={
          <Suspense fallback={<p role="status">{paid ? 'Confirming your payment …' : 'Getting the checkout ...'}</p>}>
            {paid ? (
              <UpgradeConfirmation onConfirmed={onConfirmed} />
            ) : isPaid ? (
              <AlreadyPro />
            ) : (
              <CheckoutForm product="proMonthly" amountCents={PRICES_CENTS.proMonthly} submitLabel="Upgrade" onSucceeded={onSucceeded} onCancel={onCancel} />
            )}
            <CancellationTerms />
          </Suspense>
        }
      />
    </RequireSignedIn>
  );
}
