import type { CalendarDay } from '../dates/calendar-day';
import { parseLifeParam } from './life-weeks';
import { findMilestone } from './milestones';

/** The life page an address shows: the public chart or the signed-in exercise, and its segments. */
export interface LifePageAddress {
  readonly variant: 'public' | 'dashboard';
  readonly bday: string | undefined;
  readonly name: string | undefined;
}

export interface PageMeta {
  readonly title: string;
  readonly description: string;
}

const ENTRY: PageMeta = {
  title: 'How many weeks until you die?',
  description: 'Enter your birthday and see your whole life as 4,732 weeks, one square each.',
};

const CHART_DESCRIPTION = 'A whole life as 4,732 weeks, next to the weeks famous people did famous things.';

/** The title and description for whichever life page the address shows. */
export function lifePageMeta({ variant, bday, name }: LifePageAddress, today: CalendarDay): PageMeta {
  if (bday === undefined || !parseLifeParam(bday, today).ok) return ENTRY;
  const chart = variant === 'dashboard' ? 'Weeks left to live' : 'Your life in weeks';
  const milestone = name === undefined ? undefined : findMilestone(name);
  return { title: milestone ? `${milestone.name} · ${chart}` : chart, description: CHART_DESCRIPTION };
}
