import { formatCount, formatLongDay, type CalendarDay } from './calendar-day';
import type { TargetResolution, TargetUnit } from './target';
import { daysUntil, splitWeeks } from './until';
import { paths } from '../paths';

/*
 * The words of the weeks-until and days-until pages that their HTML carries too: the app shows
 * them, and the server puts the same title and description in the page before any script runs.
 */

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

export interface CalculatorUnit {
  readonly unit: TargetUnit;
  readonly singular: string;
  readonly plural: string;
  /** The calculator's name, used as the entry page heading and title. */
  readonly name: string;
  readonly entryHref: () => string;
  readonly targetHref: (target: string) => string;
}

export const CALCULATOR_UNITS: Readonly<Record<TargetUnit, CalculatorUnit>> = {
  weeks: {
    unit: 'weeks',
    singular: 'week',
    plural: 'weeks',
    name: 'Weeks until',
    entryHref: paths.weeksUntil.href,
    targetHref: paths.weeksUntilTarget.href,
  },
  days: {
    unit: 'days',
    singular: 'day',
    plural: 'days',
    name: 'Days until',
    entryHref: paths.daysUntil.href,
    targetHref: paths.daysUntilTarget.href,
  },
};

export interface PageMeta {
  readonly title: string;
  readonly description: string;
}

/** The document title and description of a result page: the answer itself, so a shared link previews it. */
export function resultMeta(calculator: CalculatorUnit, resolution: TargetResolution, today: CalendarDay): PageMeta {
  const counting = `Count the ${calculator.plural} until any day, on your phone, even offline.`;
  switch (resolution.kind) {
    case 'invalid':
      return { title: `${calculator.name}: date not recognised`, description: counting };
    case 'past':
      return { title: `${calculator.name}: that day has passed`, description: counting };
    case 'ok': {
      const { day, label, source } = resolution;
      const total = daysUntil(today, day);
      const longDay = formatLongDay(day);
      if (total === 0) {
        return { title: `${sentenceStart(dayName(day, label))} is today`, description: `${longDay} is today.` };
      }
      if (source === 'offset' && label) {
        return { title: `${sentenceStart(label)}: ${longDay}`, description: `${sentenceStart(label)} is ${longDay}.` };
      }
      const duration = durationText(calculator.unit, total);
      return {
        title: `${duration} until ${dayName(day, label)}`,
        description: `${longDay} is ${duration} from today. ${counting}`,
      };
    }
  }
}
