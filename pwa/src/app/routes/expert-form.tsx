import { Navigate } from 'react-router-dom';
import { paths } from '#core/paths';
import { OnboardingPage } from '../../features/experts/components/onboarding-page';
import { useSession } from '../../session/use-session';

/** /expert/form: the onboarding; signed out, the expert landing. */
export function Component() {
  const { userId, signOut } = useSession();
  if (userId === null) return <Navigate to={paths.expert.href()} replace />;
  return <OnboardingPage key={userId} userId={userId} onExit={signOut} />;
}
