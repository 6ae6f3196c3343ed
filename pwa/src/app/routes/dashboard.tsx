import { AccountView } from '../../features/account/components/account-view';
import { UpgradeDialog } from '../../features/account/components/plan-dialogs';
import { PurchasesSection } from '../../features/account/components/purchases-section';
import { UnsyncedChangesDialog } from '../../features/account/components/unsynced-changes-dialog';
import { RequireSignedIn } from '../../features/accounts/components/require-signed-in';
import { DashboardPage } from '../../features/practice/components/dashboard-page';
import { ReminderSettingsLazy } from '../../features/reminders/components/reminder-settings-lazy';
import { useLogOut } from '../../session/use-log-out';
import { useSession } from '../../session/use-session';

/**
 * /dashboard: the daily practice for the signed-in person (anyone else is sent to sign in).
 * The account view comes from the account area, with the practice's and the reminders' settings.
 */
export function Component() {
  const session = useSession();
  const { user } = session;
  const logOut = useLogOut();
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
        renderUpgrade={(close) => <UpgradeDialog onClose={close} />}
      />
      {asking !== null && (
        <UnsyncedChangesDialog
          pending={asking.pending}
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
