import { useState } from 'react';
import { AccountView } from '../../features/account/components/account-view';
import { UpgradeDialog } from '../../features/account/components/plan-dialogs';
import { RequireSignedIn } from '../../features/accounts/components/require-signed-in';
import { DashboardPage } from '../../features/practice/components/dashboard-page';
import { ReminderSettings } from '../../features/reminders/components/reminder-settings';
import { useSession } from '../../session/use-session';

/**
 * /dashboard: the daily practice for the signed-in person (anyone else is sent to sign in).
 * The account view comes from the account area, with the practice's and the reminders' settings.
 */
export function Component() {
  const session = useSession();
  const { user } = session;
  // Log Out: the session sends the person home; meanwhile the guard must not send them to sign in.
  const [signingOut, setSigningOut] = useState(false);
  if (signingOut) return <p role="status">Signing out…</p>;
  const account = { email: user.user_email, name: user.user_first_name, isPaid: session.isPaid };
  return (
    <RequireSignedIn>
      <DashboardPage
        account={account}
        renderAccount={(practice) => (
          <AccountView
            account={account}
            onSignOut={() => {
              setSigningOut(true);
              session.signOut();
            }}
            settings={
              <>
                {practice.settings}
                <ReminderSettings />
              </>
            }
          >
            {practice.journal}
          </AccountView>
        )}
        renderUpgrade={(close) => <UpgradeDialog onClose={close} />}
      />
    </RequireSignedIn>
  );
}
