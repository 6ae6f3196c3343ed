import { formatCount, formatLongDay, type CalendarDay } from '#core/dates/calendar-day';
import { MAX_OFFSET, type InvalidTargetReason, type TargetUnit } from '#core/dates/target';
import type { PresetSlug } from '#core/dates/presets';
import type { UntilDateIssue } from '#core/dates/until-form';
import { CALCULATOR_UNITS } from './units';
import { countOf } from '#core/dates/until-wording';

export { countOf, dayName, durationParts, durationText, sentenceStart, type DurationParts } from '#core/dates/until-wording';

/** What the preset links say. */
export const PRESET_LINK_TEXT: Readonly<Record<PresetSlug, string>> = {
  endofyear: 'End of the year',
  christmas: 'Christmas',
  thanksgiving: 'Thanksgiving',
  '3-weeks-from-today': '3 weeks from today',
  '2-weeks-from-today': '2 weeks from today',
  '1-week-from-today': '1 week from today',
};

export function formIssueText(issue: UntilDateIssue): string {
  switch (issue) {
    case 'required':
      return 'Pick a date first.';
    case 'not-a-day':
      return "That isn't a day on the calendar. Pick one with the date picker, or type it as YYYY-MM-DD.";
    case 'past':
      return 'That day has already passed. Pick today or a later day.';
  }
}

export interface ProblemText {
  readonly heading: string;
  readonly detail: string;
}

// Long garbage in the address would push the message off a phone screen.
function quoted(segment: string): string {
  const text = segment.length > 40 ? `${segment.slice(0, 39)}…` : segment;
  return `“${text}”`;
}

export function invalidTargetText(reason: InvalidTargetReason, segment: string, unit: TargetUnit): ProblemText {
  const { plural } = CALCULATOR_UNITS[unit];
  switch (reason) {
    case 'unrecognized':
      return {
        heading: "We couldn't read that date",
        detail: `${quoted(segment)} isn't a date, a number of ${plural} or one of the days we know. Pick a date below instead.`,
      };
    case 'impossible-date':
      return {
        heading: "That day isn't on the calendar",
        detail: `${quoted(segment)} doesn't exist. Check the month and the day, then pick the date again below.`,
      };
    case 'negative':
      return {
        heading: 'Counting only goes forward',
        detail: `Use a whole number of ${plural} from 0 up, or pick a date below.`,
      };
    case 'too-far':
      return {
        heading: "That's too far ahead",
        detail: `Counting goes up to ${formatCount(MAX_OFFSET[unit])} ${plural} from today. Use a smaller number, or pick a date below.`,
      };
  }
}

export function pastTargetText(day: CalendarDay, daysAgo: number): ProblemText {
  return {
    heading: 'That day has passed',
    detail: `${formatLongDay(day)} was ${countOf(daysAgo, 'day', 'days')} ago. Pick today or a later day below.`,
  };
}
