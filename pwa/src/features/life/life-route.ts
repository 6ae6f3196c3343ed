import { matchPath, useLocation, useParams } from 'react-router-dom';
import { paths } from '#core/paths';

/** The public chart (/die, /life) or the signed-in exercise (/mortality): same chart, different frame. */
export type LifeVariant = 'public' | 'dashboard';

export interface LifeLinks {
  readonly entry: string;
  readonly chart: (bday: string) => string;
  readonly milestone: (bday: string, slug: string) => string;
}

export function lifeLinks(variant: LifeVariant): LifeLinks {
  return variant === 'dashboard'
    ? { entry: paths.mortality.href(), chart: paths.mortalityResult.href, milestone: paths.mortalityMilestone.href }
    : { entry: paths.die.href(), chart: paths.dieChart.href, milestone: paths.dieMilestone.href };
}

const DASHBOARD_PATTERNS = [paths.mortality.path, paths.mortalityResult.path, paths.mortalityMilestone.path];

export interface LifeRoute {
  readonly variant: LifeVariant;
  /** The {bday} segment as written: a 'YYYY-MM-DD' birthday or a count of weeks lived. */
  readonly bday: string | undefined;
  /** The {name} segment: a milestone slug. */
  readonly name: string | undefined;
}

/** Which of the seven life addresses is showing, read from the router. */
export function useLifeRoute(): LifeRoute {
  const { bday, name } = useParams();
  const { pathname } = useLocation();
  const dashboard = DASHBOARD_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
  return { variant: dashboard ? 'dashboard' : 'public', bday, name };
}

/** Set on links into a milestone so closing it can go back in history instead of piling up entries. */
export interface FromChartState {
  readonly fromChart: true;
}

export const FROM_CHART: FromChartState = { fromChart: true };

export function cameFromChart(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'fromChart' in state && state.fromChart === true;
}
