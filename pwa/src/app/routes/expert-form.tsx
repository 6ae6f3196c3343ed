import { Navigate } from 'react-router-dom';
import { paths } from '#core/paths';
import { OnboardingPage } from '../../features/experts/components/onboarding-page';
import { useExpertLeave } from '../../features/experts/use-expert-leave';

/** /expert/form: the onboarding; signed out, the expert landing. */
export function Component() {
  const { userId, leaving, leave } = useExpertLeave();
  if (leaving) return null;
  if (userId === null) return <Navigate to={paths.expert.href()} replace />;
  return <OnboardingPage key={userId} userId={userId} onExit={leave} />;
}
