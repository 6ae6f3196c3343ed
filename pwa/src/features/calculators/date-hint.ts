import { formatLongDay, type CalendarDay } from '#core/dates/calendar-day';

/**
 * Where the browser has a date picker it shows the date in the person's own order, so the hint
 * names a day instead of a format; a browser without one shows a plain text box, which needs
 * the YYYY-MM-DD form the field checks for.
 */
function hasDatePicker(): boolean {
  const probe = document.createElement('input');
  probe.setAttribute('type', 'date');
  return probe.type === 'date';
}

export function dateHint(example: CalendarDay): string {
  return hasDatePicker()
    ? `Pick a day from today on, for example ${formatLongDay(example)}.`
    : `Type the date as YYYY-MM-DD, for example ${example}.`;
}
