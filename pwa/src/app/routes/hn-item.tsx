import { Suspense } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { AppLoading } from '../../components/layout/app-loading';
import { RequireSignedIn } from '../../features/accounts/components/require-signed-in';
import { signupHref } from '../../features/accounts/next-path';
import { useSession } from '../../session/use-session';
import { lazyRetrying } from '../../lib/lazy-retrying';

// Only a signed-in person sees the page, so its code (the calls, the device copy, the schemas)
// loads once someone is: a visitor on their way to sign in fetches none of it.
const TrackerDetailPage = lazyRetrying(async () => (await import('../../features/hn/components/tracker-detail-page')).TrackerDetailPage);

/** /hnitem/{id}: one tracker's unanswered comments, for the signed-in person (others sign in first). */
export function Component() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const { isPaid, user } = useSession();
  const account = { name: user.user_first_name, email: user.user_email, isPaid };
  return (
    <RequireSignedIn>
      <Suspense fallback={<AppLoading />}>
        <TrackerDetailPage id={id} account={account} signInHref={signupHref(pathname)} />
      </Suspense>
    </RequireSignedIn>
  );
}
