import { useCallback, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { paths } from '#core/paths';
import { OnboardingPage } from '../../features/experts/components/onboarding-page';
import { useSession } from '../../session/use-session';

/** /expert/form: the onboarding; signed out, the expert landing. */
export function Component() {
  const { userId, signOut } = useSession();
  const navigate = useNavigate();
  // Leaving goes home (as every sign-out does); meanwhile this page does not send the signed-out person to /expert.
  const [leaving, setLeaving] = useState(false);
  const leave = useCallback(() => {
    setLeaving(true);
    void navigate(paths.home.href(), { replace: true });
    signOut();
  }, [navigate, signOut]);
  if (leaving) return null;
  if (userId === null) return <Navigate to={paths.expert.href()} replace />;
  return <OnboardingPage key={userId} userId={userId} onExit={leave} />;
}
