import { useCallback, useState } from 'react';
import { Navigate } from 'react-router-dom';
import type { CalendarDay } from '#core/dates/calendar-day';
import { useToday } from '../../lib/clock';
import { paths } from '../paths';
import { PublicPage } from '../../components/layout/public-page';
import { BirthdayEntry } from '../../features/life/birthday-entry';
import { LifeChartView } from '../../features/life/life-chart-view';
import { lifePageMeta } from '../../features/life/life-meta';
import { useLifeRoute, type LifeRoute } from '../../features/life/life-route';
import { useHasProfile, useProfile } from '../../features/practice/data/use-profile';
import { useRememberBirthday } from '../../features/practice/components/use-remember-birthday';

/**
 * /life, /die and /mortality: the birthday entry, or the chart (with a milestone) once there is
 * a {bday}. The frame stays mounted across them, so DONE and the overlays only swap the content.
 */
export function Component() {
  const today = useToday();
  const route = useLifeRoute();
  const { title, description } = lifePageMeta(route, today);
  return (
    <PublicPage nav="life" title={title} description={description}>
      {route.variant === 'dashboard' ? <MortalityExercise route={route} today={today} /> : <LifeContent route={route} today={today} />}
    </PublicPage>
  );
}

function LifeContent({ route, today }: { readonly route: LifeRoute; readonly today: CalendarDay }) {
  return route.bday === undefined ? (
    <BirthdayEntry variant={route.variant} today={today} />
  ) : (
    <LifeChartView variant={route.variant} bday={route.bday} milestoneSlug={route.name} today={today} />
  );
}

/**
 * /mortality…: the weeks-left exercise of the dashboard. A signed-in person whose birthday is in
 * their profile goes straight to their chart; the first time, the entry asks for it and DONE
 * stores it in the profile.
 */
function MortalityExercise({ route, today }: { readonly route: LifeRoute; readonly today: CalendarDay }) {
  const hasProfile = useHasProfile();
  const profile = useProfile();
  const [problem, setProblem] = useState<string | null>(null);
  const onError = useCallback((message: string) => setProblem(message), []);
  useRememberBirthday(route.bday, profile, onError);

  if (route.bday === undefined && hasProfile) {
    if (profile === undefined) return <p role="status">Opening your profile…</p>;
    if (profile.birthday !== null) return <Navigate to={paths.mortalityResult.href(profile.birthday)} replace />;
  }
  return (
    <>
      {problem !== null && <p role="alert">{problem}</p>}
      <LifeContent route={route} today={today} />
    </>
  );
}
