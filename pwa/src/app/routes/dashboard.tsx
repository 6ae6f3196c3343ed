import { Suspense, useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CHECKOUT_SESSION_PARAM, paths } from '#core/paths';
import { AccountView } from '../../features/account/components/account-view';
import { PurchasesSection } from '../../features/account/components/purchases-section';
import { UnsyncedChangesDialog } from '../../features/account/components/unsynced-changes-dialog';
import { RequireSignedIn } from '../../features/accounts/components/require-signed-in';
import { DashboardPage } from '../../features/practice/components/dashboard-page';
import { ReminderSettingsLazy } from '../../features/reminders/components/reminder-settings-lazy';
import { useLogOut } from '../../session/use-log-out';
import { useSession } from '../../session/use-session';
import { lazyRetrying } from '../../lib/lazy-retrying';

// The paid plan's parts load when first shown (the account view, Upgrade now, the way back from
// the checkout): the app shell lists the files of every route's own imports, and theirs would
// add to the first page's download.
const PlanSection = lazyRetrying(() => import('../../features/billing/components/plan-section').then((module) => module.PlanSection));
const CheckoutOpening = lazyRetrying(() => import('../../features/billing/components/checkout-opening').then((module) => module.CheckoutOpening));
const CheckoutReturn = lazyRetrying(() => import('../../features/billing/components/checkout-return').then((module) => module.CheckoutReturn));

/**
 * /dashboard: the daily practice for the signed-in person (anyone else is sent to sign in).
 * 'Upgrade now' and the way back from the hosted checkout come from the paid plan's area; the
 * account view from the account area, with the plan, the practice's and the reminders' settings.
 */
export function Component() {
  const session = useSession();
  const { user, userId, showToast } = session;
  const logOut = useLogOut();
  const navigate = useNavigate();
  const checkoutSession = useSearchParams()[0].get(CHECKOUT_SESSION_PARAM);
  const onConfirmed = useCallback(() => {
    showToast('Payment confirmed: welcome to Pro!');
    void navigate(paths.dashboard.href(), { replace: true });
  }, [navigate, showToast]);
  // Log Out: the session sends the person home; meanwhile the guard must not send them to sign in.
  if (logOut.state.step === 'leaving') return <p role="status">Signing out…</p>;
  const account = { email: user.user_email, name: user.user_first_name, isPaid: session.isPaid };
  const asking = logOut.state.step === 'unsynced' ? logOut.state : null;
  return (
    <RequireSignedIn>
      <DashboardPage
        account={account}
        renderAccount={(practice) => (
          <AccountView
            account={account}
            onSignOut={logOut.start}
            plan={
              userId === null ? null : (
                <Suspense fallback={<p role="status">Checking your plan …</p>}>
                  <PlanSection userId={userId} returnTo="dashboard" />
                </Suspense>
              )
            }
            purchases={<PurchasesSection />}
            settings={
              <>
                {practice.settings}
                <ReminderSettingsLazy />
              </>
            }
          >
            {practice.journal}
          </AccountView>
        )}
        renderUpgrade={(close) => (
          <Suspense fallback={null}>
            <CheckoutOpening onClose={close} />
          </Suspense>
        )}
        upgradeStatus={
          checkoutSession === null ? null : (
            <Suspense fallback={<p role="status">Confirming your payment …</p>}>
              <CheckoutReturn key={checkoutSession} sessionId={checkoutSession} onConfirmed={onConfirmed} />
            </Suspense>
          )
        }
      />
      {asking !== null && (
        <UnsyncedChangesDialog
          pending={asking.pending}
          keptAside={asking.keptAside}
          online={logOut.online}
          problem={asking.problem}
          onRetry={logOut.retry}
          onDiscard={logOut.discard}
          onCancel={logOut.cancel}
        />
      )}
    </RequireSignedIn>
  );
}
