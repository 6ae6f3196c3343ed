import { Suspense, useCallback, useState } from 'react';
import { useToday } from '../../lib/clock';
import { PublicPage } from '../../components/layout/public-page';
import { useUserDb } from '../../session/user-db-context';
import { LifeContent } from '../../features/life/components/life-content';
import { lifePageMeta } from '../../features/life/life-meta';
import { useLifeRoute } from '../../features/life/life-route';
import { useSession } from '../../session/use-session';
import { lazyRetrying } from '../../lib/lazy-retrying';

const MortalityProfile = lazyRetrying(() =>
  import('../../features/practice/components/mortality-profile').then((module) => module.MortalityProfile),
);

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
  const hasProfile = useUserDb() !== null;
  const [problem, setProblem] = useState<string | null>(null);
  const onError = useCallback((message: string) => setProblem(message), []);

  const chart = <LifeContent route={route} today={today} signedIn={isSignedIn} />;
  // While the profile's module loads, the same as while the profile itself loads.
  const loading = route.bday === undefined ? <p role="status">Opening your profile…</p> : chart;
  const content = hasProfile ? (
    <Suspense fallback={loading}>
      <MortalityProfile bday={route.bday} onError={onError} loading={loading}>
        {chart}
      </MortalityProfile>
    </Suspense>
  ) : (
    chart
  );
  return (
    <PublicPage nav="life" title={title} description={description}>
      {problem !== null && <p role="alert">{problem}</p>}
      {content}
    </PublicPage>
  );
}
