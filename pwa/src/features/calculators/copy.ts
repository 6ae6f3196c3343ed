import { formatCount, formatLongDay, type CalendarDay } from '#core/dates/calendar-day';
import { MAX_OFFSET, type InvalidTargetReason, type TargetUnit } from '#core/dates/target';
import type { PresetSlug } from '#core/dates/presets';
import type { UntilDateIssue } from '#core/dates/until-form';
import { splitWeeks } from '#core/dates/until';
import { CALCULATOR_UNITS } from './units';

/** '1 week', '4,732 weeks'. */
export function countOf(count: number, singular: string, plural: string): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** A count of days as the page says it: the leading count and its unit, then any days past the weeks. */
export interface DurationParts {
  readonly count: number;
  readonly unit: string;
  /** '3 days' after '2 weeks'; null when the count says it all. */
  readonly remainder: string | null;
}

/**
 * The one wording rule of a duration. The weeks calculator leads with whole weeks and adds the
 * days left over; under a week it counts days only, so two days ahead reads '2 days', never
 * '0 weeks and 2 days'. The days calculator always counts days.
 */
export function durationParts(unit: TargetUnit, totalDays: number): DurationParts {
  const { weeks, days } = splitWeeks(totalDays);
  if (unit === 'days' || weeks === 0) {
    return { count: totalDays, unit: totalDays === 1 ? 'day' : 'days', remainder: null };
  }
  return {
    count: weeks,
    unit: weeks === 1 ? 'week' : 'weeks',
    remainder: days === 0 ? null : countOf(days, 'day', 'days'),
  };
}

/** '2 weeks and 3 days', '2 weeks', '2 days', '33 days'. */
export function durationText(unit: TargetUnit, totalDays: number): string {
  const { count, unit: unitWord, remainder } = durationParts(unit, totalDays);
  const lead = `${formatCount(count)} ${unitWord}`;
  return remainder === null ? lead : `${lead} and ${remainder}`;
}

/** The name of the day in a sentence: the occasion when it has one, else the date written out. */
export function dayName(day: CalendarDay, label: string | undefined): string {
  return label ?? formatLongDay(day);
}

/** 'the end of the year' -> 'The end of the year', for a label that opens a sentence. */
export function sentenceStart(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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
