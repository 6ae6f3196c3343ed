import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '#core/paths';
import { signupHref } from '../../features/accounts/next-path';
import { ExpertAbout, ExpertLanding, ExpertPricing } from '../../features/experts/components/expert-info-pages';
import { useSession } from '../../session/use-session';

/** /expert, /expert/pricing and /expert/about: the expert tool's public pages. */
export function Component() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { isSignedIn } = useSession();
  const onGetStarted = useCallback(() => void navigate(signupHref(paths.expertForm.href())), [navigate]);
  if (pathname === paths.expertPricing.href()) return <ExpertPricing />;
  if (pathname === paths.expertAbout.href()) return <ExpertAbout />;
  return <ExpertLanding signedIn={isSignedIn} onGetStarted={onGetStarted} />;
}
