import { useToday } from '../../lib/clock';
import { PublicPage } from '../../components/layout/public-page';
import { BirthdayEntry } from '../../features/life/birthday-entry';
import { LifeChartView } from '../../features/life/life-chart-view';
import { lifePageMeta } from '../../features/life/life-meta';
import { useLifeRoute } from '../../features/life/life-route';

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
      {route.bday === undefined ? (
        <BirthdayEntry variant={route.variant} today={today} />
      ) : (
        <LifeChartView variant={route.variant} bday={route.bday} milestoneSlug={route.name} today={today} />
      )}
    </PublicPage>
  );
}
