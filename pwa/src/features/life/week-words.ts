import { formatCount } from '#core/dates/calendar-day';
import { lifeWeek } from '#core/life/life-weeks';

/** "year N, week M": where a week sits, in the one count of pwa/core/life (lifeWeek). */
export function weekPlace(index: number): string {
  const { year, week } = lifeWeek(index);
  return `year ${String(year)}, week ${String(week)}`;
}

/** A week of life as a figure, "2,706": the same count as its place. */
export function weekOfLifeText(index: number): string {
  return formatCount(lifeWeek(index).weekOfLife);
}
