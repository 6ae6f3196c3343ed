import { useLocation, useParams } from 'react-router-dom';
import { RequireSignedIn } from '../../features/accounts/components/require-signed-in';
import { signupHref } from '../../features/accounts/next-path';
import { TrackerDetailPage } from '../../features/hn/components/tracker-detail-page';
import { useSession } from '../../session/use-session';

/** /hnitem/{id}: one tracker's unanswered comments, for the signed-in person (others sign in first). */
export function Component() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const { isPaid, user } = useSession();
  const account = { name: user.user_first_name, email: user.user_email, isPaid };
  return (
    <RequireSignedIn>
      <TrackerDetailPage id={id} account={account} signInHref={signupHref(pathname)} />
    </RequireSignedIn>
  );
}
