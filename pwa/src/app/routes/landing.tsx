import { LandingPage } from '../../features/landing/components/landing-page';
import { useSession } from '../../session/use-session';

export function Component() {
  const { isSignedIn } = useSession();
  return <LandingPage signedIn={isSignedIn} />;
}
