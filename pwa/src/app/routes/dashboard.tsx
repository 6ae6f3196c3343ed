import { useNavigate } from 'react-router-dom';
import { paths } from '../paths';
import { RequireSignedIn } from '../../features/accounts/components/require-signed-in';
import { DashboardPage } from '../../features/practice/components/dashboard-page';
import { useSession } from '../../features/session/use-session';

/**
 * /dashboard: the daily practice for the signed-in person (anyone else is sent to sign in).
 * The account view's extra settings slot stays empty until the reminders feature exists.
 */
function SignedInDashboard() {
  const session = useSession();
  const navigate = useNavigate();
  const { user } = session;
  return (
    <DashboardPage
      account={{ email: user.user_email, name: user.user_first_name, isPaid: session.isPaid }}
      onSignOut={() => {
        // Leave first: signed out on this page, the guard would send the person to sign in instead.
        void navigate(paths.home.href());
        session.signOut();
      }}
    />
  );
}

export function Component() {
  return (
    <RequireSignedIn>
      <SignedInDashboard />
    </RequireSignedIn>
  );
}
