import { lazyFormat } from '#core/dates/calendar-day';

/** How triage times read: in the person's own zone, English as the rest of the tracker. */

const TIME = lazyFormat(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }));
const DAY_TIME = lazyFormat(() => new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }));

function dayAfter(date: Date): Date {
  const next = new Date(date.getTime());
  next.setDate(next.getDate() + 1);
  return next;
}

/** '4:05 PM' later today, 'tomorrow at 8:00 AM', 'Tue, Dec 1, 8:00 AM' further on. */
export function formatUntil(untilMs: number, nowMs: number): string {
  const until = new Date(untilMs);
  const now = new Date(nowMs);
  if (until.toDateString() === now.toDateString()) return TIME().format(until);
  if (until.toDateString() === dayAfter(now).toDateString()) return `tomorrow at ${TIME().format(until)}`;
  return DAY_TIME().format(until);
}
