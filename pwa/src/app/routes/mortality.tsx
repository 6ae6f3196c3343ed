import { useCallback, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useToday } from '../../lib/clock';
import { paths } from '#core/paths';
import { PublicPage } from '../../components/layout/public-page';
import { LifeContent } from '../../features/life/components/life-content';
import { lifePageMeta } from '../../features/life/life-meta';
import { useLifeRoute } from '../../features/life/life-route';
import { useHasProfile, useProfile } from '../../features/practice/data/use-profile';
import { useRememberBirthday } from '../../features/practice/components/use-remember-birthday';
import { useSession } from '../../session/use-session';

/**
 * /mortality…: the weeks-left exercise of the dashboard, the public chart in the signed-in frame.
 * A person whose birthday is in their profile goes straight to their chart; the first time, the
 * entry asks for it and DONE stores it in the profile.
 */
export function Component() {
  const today = useToday();
  const route = useLifeRoute();
  const { title, description } = lifePageMeta(route, today);
  const { isSignedIn } = useSession();
  const hasProfile = useHasProfile();
  const profile = useProfile();
  const [problem, setProblem] = useState<string | null>(null);
  const onError = useCallback((message: string) => setProblem(message), []);
  useRememberBirthday(route.bday, profile, onError);

  let content = <LifeContent route={route} today={today} signedIn={isSignedIn} />;
  if (route.bday === undefined && hasProfile) {
    if (profile === undefined) content = <p role="status">Opening your profile…</p>;
    else if (profile.birthday !== null) content = <Navigate to={paths.mortalityResult.href(profile.birthday)} replace />;
  }
  return (
    <PublicPage nav="life" title={title} description={description}>
      {problem !== null && <p role="alert">{problem}</p>}
      {content}
    </PublicPage>
  );
}
