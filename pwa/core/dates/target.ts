import { addDays, calendarDayFromParts, daysBetween, parseCalendarDay, type CalendarDay } from './calendar-day';
import { DAYS_PER_WEEK } from './until';
import { PRESET_LABELS, isPresetSlug, isRelativePreset, resolvePreset } from './presets';

/** What a bare number in the URL counts: /weeksuntil/3 is 3 weeks ahead, /daysuntil/3 is 3 days. */
export type TargetUnit = 'weeks' | 'days';

/** Largest number accepted in the URL: far enough for any real plan, small enough to stay on the calendar. */
export const MAX_OFFSET: Readonly<Record<TargetUnit, number>> = { weeks: 10_000, days: 100_000 };

export type InvalidTargetReason =
  /** Neither a date, a preset nor a whole number. */
  | 'unrecognized'
  /** Shaped like a date but not on the calendar, such as 2026-02-30. */
  | 'impossible-date'
  | 'negative'
  /** A number above MAX_OFFSET, or a day past the end of year 9999. */
  | 'too-far';

/** A day written out, a named day of the year (Christmas), or a count from today. */
export type TargetSource = 'date' | 'occasion' | 'offset';

export type TargetResolution =
  | { readonly kind: 'ok'; readonly day: CalendarDay; readonly source: TargetSource; readonly label?: string }
  | { readonly kind: 'past'; readonly day: CalendarDay }
  | { readonly kind: 'invalid'; readonly reason: InvalidTargetReason };

const LAST_DAY = '9999-12-31' as CalendarDay;
const ISO_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
// The old product's hint told people to write MM-DD-YYYY, so links written that way still work.
const US_SHAPE = /^(\d{2})-(\d{2})-(\d{4})$/;
const WHOLE_NUMBER = /^\d+$/;
const NEGATIVE_NUMBER = /^-\d+$/;

function plural(count: number, unit: TargetUnit): string {
  const singular = unit === 'weeks' ? 'week' : 'day';
  return `${String(count)} ${count === 1 ? singular : unit}`;
}

function resolveOffset(count: number, unit: TargetUnit, today: CalendarDay): TargetResolution {
  if (count > MAX_OFFSET[unit]) return { kind: 'invalid', reason: 'too-far' };
  const days = unit === 'weeks' ? count * DAYS_PER_WEEK : count;
  if (days > daysBetween(today, LAST_DAY)) return { kind: 'invalid', reason: 'too-far' };
  return { kind: 'ok', day: addDays(today, days), source: 'offset', label: `${plural(count, unit)} from today` };
}

function resolveDate(day: CalendarDay, today: CalendarDay): TargetResolution {
  return daysBetween(today, day) < 0 ? { kind: 'past', day } : { kind: 'ok', day, source: 'date' };
}

/**
 * Reads the {target} of /weeksuntil/{target} or /daysuntil/{target}: a preset slug, a
 * 'YYYY-MM-DD' day, or a whole number of `unit`s from today. Every input gets an answer that
 * the page can show; nothing here throws or yields NaN.
 */
export function resolveTarget(segment: string, unit: TargetUnit, today: CalendarDay): TargetResolution {
  const text = segment.trim().toLowerCase();

  if (isPresetSlug(text)) {
    try {
      const source = isRelativePreset(text) ? 'offset' : 'occasion';
      return { kind: 'ok', day: resolvePreset(text, today), source, label: PRESET_LABELS[text] };
    } catch {
      // Only reachable when the next occurrence would fall after year 9999.
      return { kind: 'invalid', reason: 'too-far' };
    }
  }

  if (WHOLE_NUMBER.test(text)) return resolveOffset(Number(text), unit, today);
  if (NEGATIVE_NUMBER.test(text)) return { kind: 'invalid', reason: 'negative' };

  if (ISO_SHAPE.test(text)) {
    const day = parseCalendarDay(text);
    return day ? resolveDate(day, today) : { kind: 'invalid', reason: 'impossible-date' };
  }

  const us = US_SHAPE.exec(text);
  if (us) {
    const day = calendarDayFromParts({ year: Number(us[3]), month: Number(us[1]), day: Number(us[2]) });
    return day ? resolveDate(day, today) : { kind: 'invalid', reason: 'impossible-date' };
  }

  return { kind: 'invalid', reason: 'unrecognized' };
}
