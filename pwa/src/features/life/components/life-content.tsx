import type { CalendarDay } from '#core/dates/calendar-day';
import { BirthdayEntry } from './birthday-entry';
import { LifeChartView } from './life-chart-view';
import type { LifeRoute } from '../life-route';

/** The birthday entry, or the chart (with a milestone open) once the address names a {bday}. */
export interface LifeContentProps {
  readonly route: LifeRoute;
  readonly today: CalendarDay;
  readonly signedIn: boolean;
}

export function LifeContent({ route, today, signedIn }: LifeContentProps) {
  return route.bday === undefined ? (
    <BirthdayEntry variant={route.variant} today={today} signedIn={signedIn} />
  ) : (
    <LifeChartView variant={route.variant} bday={route.bday} milestoneSlug={route.name} today={today} signedIn={signedIn} />
  );
}
