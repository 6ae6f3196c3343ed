import { paths } from '#core/paths';
import { signupHref } from '../../features/accounts/next-path';
import { HnTrackersPage } from '../../features/hn/components/hn-trackers-page';
import { useSession } from '../../session/use-session';

/** /hnrd: the launch tracker's landing for a visitor, the person's trackers once signed in. */
export function Component() {
  const { isSignedIn, isPaid, user } = useSession();
  const account = isSignedIn ? { name: user.user_first_name, email: user.user_email, isPaid, token: user.token } : null;
  return <HnTrackersPage account={account} signInHref={signupHref(paths.hnrd.href())} />;
}
