import { formatLongDay, type CalendarDay } from '#core/dates/calendar-day';
import { useDeviceFact } from '../../lib/device-fact';

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

/**
 * The hint under the date field. A page written ahead of the device (on the server or by the
 * build) assumes a date picker, as nearly every browser has; the app's render after its first
 * one over that page corrects it where there is none.
 */
export function useDateHint(example: CalendarDay): string {
  const picker = useDeviceFact(hasDatePicker, () => true);
  return picker
    ? `Pick a day from today on, for example ${formatLongDay(example)}.`
    : `Type the date as YYYY-MM-DD, for example ${example}.`;
}
