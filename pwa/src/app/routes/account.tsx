import { Suspense } from 'react';
import { paths } from '#core/paths';
import { UnsyncedChangesDialog } from '../../features/account/components/unsynced-changes-dialog';
import { RequireSignedIn } from '../../features/accounts/components/require-signed-in';
import { signupHref } from '../../features/accounts/next-path';
import { HnAccountPage } from '../../features/hn/components/hn-account-page';
import { useLogOut } from '../../session/use-log-out';
import { useSession } from '../../session/use-session';
import { lazyRetrying } from '../../lib/lazy-retrying';

// Loaded when shown: the app shell lists the files of every route's own imports, and the plan's
// would add to the first page's download.
const PlanSection = lazyRetrying(() => import('../../features/billing/components/plan-section').then((module) => module.PlanSection));

/**
 * /account: the launch tracker's Account Overview, with the subscription from the paid plan's
 * area. Sign Out is the app's Log Out (changes not yet synced are never dropped without asking),
 * and leads back to the tracker.
 */
export function Component() {
  const { user, userId } = useSession();
  const logOut = useLogOut(paths.hnrd.href());
  // Signing out: the session moves on to /hnrd; meanwhile the guard must not send the person home.
  if (logOut.state.step === 'leaving') return <p role="status">Signing out…</p>;
  const asking = logOut.state.step === 'unsynced' ? logOut.state : null;
  return (
    <RequireSignedIn>
      <HnAccountPage
        account={{ name: user.user_first_name, email: user.user_email, accountType: user.accountType }}
        signInHref={signupHref(paths.account.href())}
        onSignOut={logOut.start}
        plan={
          userId === null ? null : (
            <Suspense fallback={<p role="status">Checking your plan …</p>}>
              <PlanSection userId={userId} returnTo="account" />
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
