import {
  addDays,
  calendarDayFromParts,
  dayParts,
  daysBetween,
  isLeapYear,
  weekday,
  type CalendarDay,
} from './calendar-day';

/** Preset targets in the order the calculators list them. */
export const PRESET_SLUGS = [
  'endofyear',
  'christmas',
  'thanksgiving',
  '3-weeks-from-today',
  '2-weeks-from-today',
  '1-week-from-today',
] as const;

export type PresetSlug = (typeof PRESET_SLUGS)[number];

export function isPresetSlug(text: string): text is PresetSlug {
  return (PRESET_SLUGS as readonly string[]).includes(text);
}

/** What a preset is called in a sentence: "17 weeks until Christmas". */
export const PRESET_LABELS: Readonly<Record<PresetSlug, string>> = {
  endofyear: 'the end of the year',
  christmas: 'Christmas',
  thanksgiving: 'Thanksgiving',
  '3-weeks-from-today': '3 weeks from today',
  '2-weeks-from-today': '2 weeks from today',
  '1-week-from-today': '1 week from today',
};

const THURSDAY = 4;
const NOVEMBER = 11;
const DECEMBER = 12;

/**
 * The next day, from today on, that falls on this month and day. On the day itself the
 * answer is today (0 days until it): the occasion has not passed while it is still going on.
 * 29 February moves on to the next leap year instead of being shifted to 28 February or 1 March.
 */
export function nextAnnualDay(today: CalendarDay, month: number, day: number): CalendarDay {
  const { year } = dayParts(today);
  // Eight years always reach a leap year, even across a skipped century year such as 2100.
  for (let candidateYear = year; candidateYear <= year + 8; candidateYear++) {
    if (month === 2 && day === 29 && !isLeapYear(candidateYear)) continue;
    const candidate = calendarDayFromParts({ year: candidateYear, month, day });
    if (candidate && daysBetween(today, candidate) >= 0) return candidate;
  }
  throw new RangeError(`No ${String(month)}/${String(day)} within eight years of ${today}`);
}

/** US Thanksgiving: the fourth Thursday of November. */
export function thanksgivingOf(year: number): CalendarDay {
  const first = calendarDayFromParts({ year, month: NOVEMBER, day: 1 });
  if (!first) throw new RangeError(`No November in year ${String(year)}`);
  const toFirstThursday = (THURSDAY - weekday(first) + 7) % 7;
  return addDays(first, toFirstThursday + 21);
}

export function nextThanksgiving(today: CalendarDay): CalendarDay {
  const thisYear = thanksgivingOf(dayParts(today).year);
  return daysBetween(today, thisYear) >= 0 ? thisYear : thanksgivingOf(dayParts(today).year + 1);
}

export function nextChristmas(today: CalendarDay): CalendarDay {
  return nextAnnualDay(today, DECEMBER, 25);
}

/** 31 December of the current year: never behind today, since no day comes after it. */
export function endOfYear(today: CalendarDay): CalendarDay {
  return nextAnnualDay(today, DECEMBER, 31);
}

const weeksFromToday =
  (weeks: number) =>
  (today: CalendarDay): CalendarDay =>
    addDays(today, weeks * 7);

const RESOLVERS: Readonly<Record<PresetSlug, (today: CalendarDay) => CalendarDay>> = {
  endofyear: endOfYear,
  christmas: nextChristmas,
  thanksgiving: nextThanksgiving,
  '3-weeks-from-today': weeksFromToday(3),
  '2-weeks-from-today': weeksFromToday(2),
  '1-week-from-today': weeksFromToday(1),
};

export function resolvePreset(slug: PresetSlug, today: CalendarDay): CalendarDay {
  return RESOLVERS[slug](today);
}

/** The presets that count from today rather than naming a day of the year. */
export function isRelativePreset(slug: PresetSlug): boolean {
  return slug.endsWith('-from-today');
}

/** The date the entry forms start on. */
export function defaultTargetDay(today: CalendarDay): CalendarDay {
  return nextChristmas(today);
}
