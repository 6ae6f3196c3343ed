import { useState } from 'react';
import { RequireSignedIn } from '../../features/accounts/components/require-signed-in';
import { DashboardPage } from '../../features/practice/components/dashboard-page';
import { ReminderSettings } from '../../features/reminders/components/reminder-settings';
import { useSession } from '../../session/use-session';

/**
 * /dashboard: the daily practice for the signed-in person (anyone else is sent to sign in).
 * The account view's settings take the daily reminder from the reminders feature.
 */
export function Component() {
  const session = useSession();
  const { user } = session;
  // Log Out: the session sends the person home; meanwhile the guard must not send them to sign in.
  const [signingOut, setSigningOut] = useState(false);
  if (signingOut) return <p role="status">Signing out…</p>;
  return (
    <RequireSignedIn>
      <DashboardPage
        account={{ email: user.user_email, name: user.user_first_name, isPaid: session.isPaid }}
        settingsExtra={<ReminderSettings />}
        onSignOut={() => {
          setSigningOut(true);
          session.signOut();
        }}
      />
    </RequireSignedIn>
  );
}
