/**
 * How the tracker writes numbers and times. English digit grouping (specification 9); "now" is
 * passed in, so a test or Playwright's clock decides what "3 hours ago" means.
 */
import { lazyFormat } from '#core/dates/calendar-day';

const COUNT = lazyFormat(() => new Intl.NumberFormat('en-US'));
const AGE = lazyFormat(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));
const TIME = lazyFormat(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }));
const DAY_TIME = lazyFormat(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }));

/** '1 point', '1,204 points'. */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${COUNT().format(count)} ${count === 1 ? one : many}`;
}

const STEPS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** '5 minutes ago', 'yesterday', '3 weeks ago'; under a minute (or a clock running behind) is 'just now'. */
export function formatAge(then: Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1_000);
  for (const [unit, size] of STEPS) {
    if (seconds >= size) return AGE().format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** '3:05 PM' today, 'Nov 24, 3:05 PM' on another day: when a copy on this device was made. */
export function formatAsOf(then: Date, now: Date): string {
  const sameDay = then.toDateString() === now.toDateString();
  return sameDay ? TIME().format(then) : DAY_TIME().format(then);
}
