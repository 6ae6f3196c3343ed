import { z } from 'zod';
import { addDays, daysBetween, type CalendarDay } from '../dates/calendar-day';
import type { ExerciseFields } from '../schemas/records';

/**
 * Streaks: runs of practice days done in a row.
 *
 * Which exercises make a day "done" is the person's choice. A person may pause a few days a month
 * (a streak freeze). A paused day is honest about what happened: it is not counted as done, it is
 * shown as paused, and it neither extends nor breaks a run. Today, until it is done, is still open,
 * so it never breaks the current streak either: the streak then counts up to yesterday.
 */

export const DONE_RULES = ['both', 'gratitude', 'mortality', 'either'] as const;
export type DoneRule = (typeof DONE_RULES)[number];
export const doneRuleSchema = z.enum(DONE_RULES);
/** Both exercises: the daily practice as the product presents it. */
export const DEFAULT_DONE_RULE: DoneRule = 'both';

export type ExerciseFlags = Pick<ExerciseFields, 'mortality' | 'gratitude'>;

export function isDayDone(flags: ExerciseFlags, rule: DoneRule): boolean {
  switch (rule) {
    case 'both':
      return flags.mortality && flags.gratitude;
    case 'gratitude':
      return flags.gratitude;
    case 'mortality':
      return flags.mortality;
    case 'either':
      return flags.mortality || flags.gratitude;
  }
}

/** The days done under `rule`, from entries as the journal stores them. */
export function doneDaysOf(
  entries: Iterable<ExerciseFlags & { readonly date: CalendarDay }>,
  rule: DoneRule,
): Set<CalendarDay> {
  const done = new Set<CalendarDay>();
  for (const entry of entries) if (isDayDone(entry, rule)) done.add(entry.date);
  return done;
}

// --- Freezes -------------------------------------------------------------------------------

export const MAX_PAUSES_PER_MONTH = 2;

function monthKey(day: CalendarDay): string {
  return day.slice(0, 7);
}

/**
 * The paused days that count. A stored list is only as trustworthy as the client that wrote it
 * (an old version, a hand-edited import), so beyond the cap a month's later pauses are ignored
 * rather than quietly granting extra ones.
 */
export function effectivePausedDays(freezes: Iterable<CalendarDay>): Set<CalendarDay> {
  const perMonth = new Map<string, number>();
  const paused = new Set<CalendarDay>();
  for (const day of [...new Set(freezes)].sort()) {
    const used = perMonth.get(monthKey(day)) ?? 0;
    if (used >= MAX_PAUSES_PER_MONTH) continue;
    perMonth.set(monthKey(day), used + 1);
    paused.add(day);
  }
  return paused;
}

/** Pauses still available in the month of `day`. */
export function pausesLeftInMonth(freezes: Iterable<CalendarDay>, day: CalendarDay): number {
  const month = monthKey(day);
  let used = 0;
  for (const paused of effectivePausedDays(freezes)) if (monthKey(paused) === month) used++;
  return Math.max(0, MAX_PAUSES_PER_MONTH - used);
}

export type PauseError =
  /** The month already has MAX_PAUSES_PER_MONTH paused days. */
  | 'month-full'
  | 'already-paused';

export type PauseResult =
  | { readonly ok: true; readonly freezes: readonly CalendarDay[] }
  | { readonly ok: false; readonly error: PauseError };

/** Adds a paused day, within the monthly cap. The list comes back sorted, ready to store. */
export function pauseDay(freezes: readonly CalendarDay[], day: CalendarDay): PauseResult {
  if (freezes.includes(day)) return { ok: false, error: 'already-paused' };
  if (pausesLeftInMonth(freezes, day) === 0) return { ok: false, error: 'month-full' };
  return { ok: true, freezes: [...freezes, day].sort() };
}

/** Removes a paused day (unpausing is always allowed and gives the pause back). */
export function unpauseDay(freezes: readonly CalendarDay[], day: CalendarDay): readonly CalendarDay[] {
  return freezes.filter((paused) => paused !== day);
}

/** Months, as 'YYYY-MM', whose stored pauses exceed the cap: for a check on save or on import. */
export function monthsOverPauseCap(freezes: Iterable<CalendarDay>): string[] {
  const perMonth = new Map<string, number>();
  for (const day of new Set(freezes)) perMonth.set(monthKey(day), (perMonth.get(monthKey(day)) ?? 0) + 1);
  return [...perMonth]
    .filter(([, count]) => count > MAX_PAUSES_PER_MONTH)
    .map(([month]) => month)
    .sort();
}

// --- Streaks -------------------------------------------------------------------------------

export interface StreakInput {
  /** The person's practice day now (see `practiceDay`). */
  readonly today: CalendarDay;
  readonly done: ReadonlySet<CalendarDay>;
  /** Paused days that count: pass them through `effectivePausedDays`. */
  readonly paused: ReadonlySet<CalendarDay>;
}

export interface Streaks {
  /** Days done in the run that reaches today (or yesterday, while today is still open). */
  readonly current: number;
  /** Days done in the longest run up to today; never less than `current`. */
  readonly longest: number;
  readonly todayDone: boolean;
}

/**
 * Current and longest streak. A done day counts even when it is also marked paused: the person
 * did the practice, and a pause cannot take that away. Days after today are ignored (a device
 * clock set ahead, an import) so that a streak never includes days still to come.
 */
export function streaks({ today, done, paused }: StreakInput): Streaks {
  const todayDone = done.has(today);
  return { current: currentStreak(today, done, paused), longest: longestStreak(today, done, paused), todayDone };
}

function currentStreak(today: CalendarDay, done: ReadonlySet<CalendarDay>, paused: ReadonlySet<CalendarDay>): number {
  let count = done.has(today) ? 1 : 0;
  // The walk back ends at the first day neither done nor paused; the paused days it crosses are
  // at most two a month, so it is bounded by the length of the run.
  for (let day = addDays(today, -1); ; day = addDays(day, -1)) {
    if (done.has(day)) count++;
    else if (!paused.has(day)) return count;
  }
}

function longestStreak(today: CalendarDay, done: ReadonlySet<CalendarDay>, paused: ReadonlySet<CalendarDay>): number {
  const days = [...new Set([...done, ...paused])].filter((day) => daysBetween(day, today) >= 0).sort();
  let longest = 0;
  let run = 0;
  let previous: CalendarDay | null = null;
  for (const day of days) {
    if (previous !== null && daysBetween(previous, day) !== 1) run = 0;
    if (done.has(day)) run++;
    longest = Math.max(longest, run);
    previous = day;
  }
  return longest;
}
