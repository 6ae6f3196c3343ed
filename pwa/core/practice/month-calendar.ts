import { addDays, calendarDayFromParts, dayParts, daysBetween, daysInMonth, weekday, type CalendarDay } from '../dates/calendar-day';

/**
 * The streak calendar: one month as weeks of seven cells, the practice state of each day on it.
 * It holds the grid and the states only; how a state looks is the screen's business.
 */

export interface MonthRef {
  readonly year: number;
  /** 1 = January … 12 = December. */
  readonly month: number;
}

/**
 * - 'done': the practice was done that day;
 * - 'paused': the person paused it (a streak freeze) and did not do it;
 * - 'missed': a past day of the month, neither done nor paused;
 * - 'future': not over yet: today until it is done, and the days after it;
 * - 'empty': no practice to show: a cell from the neighbouring month, or a day before `since`.
 */
export type CellState = 'done' | 'paused' | 'missed' | 'future' | 'empty';

export interface CalendarCell {
  readonly date: CalendarDay;
  readonly isCurrentMonth: boolean;
  readonly state: CellState;
  readonly isToday: boolean;
}

export interface MonthCalendar extends MonthRef {
  /** Four to six weeks, each of seven cells, the first on `firstWeekday`. */
  readonly weeks: readonly (readonly CalendarCell[])[];
}

export interface MonthCalendarInput extends MonthRef {
  readonly today: CalendarDay;
  readonly done: ReadonlySet<CalendarDay>;
  /** Paused days that count (see `effectivePausedDays`). */
  readonly paused: ReadonlySet<CalendarDay>;
  /** 0 = Sunday (as in en-US) … 6 = Saturday. */
  readonly firstWeekday?: number;
  /**
   * The first day there was a practice to do (the first entry, or when the account began): days
   * before it are 'empty' rather than 'missed', so a newcomer's first month is not a page of misses.
   */
  readonly since?: CalendarDay | null;
}

function assertMonth({ year, month }: MonthRef): void {
  if (!Number.isInteger(year) || year < 1 || year > 9999 || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Not a month: ${String(year)}-${String(month)}`);
  }
}

export function monthOf(day: CalendarDay): MonthRef {
  const { year, month } = dayParts(day);
  return { year, month };
}

/** The month `delta` months after `ref` (before, when negative). */
export function shiftMonth(ref: MonthRef, delta: number): MonthRef {
  assertMonth(ref);
  const index = ref.year * 12 + (ref.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Negative when `a` is before `b`, 0 for the same month. */
export function compareMonths(a: MonthRef, b: MonthRef): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** The calendar pages back through past months; there is nothing to mark after today's month. */
export function canShowNextMonth(shown: MonthRef, today: CalendarDay): boolean {
  return compareMonths(shown, monthOf(today)) < 0;
}

export function firstDayOfMonth({ year, month }: MonthRef): CalendarDay {
  const day = calendarDayFromParts({ year, month, day: 1 });
  if (day === null) throw new RangeError(`Not a month: ${String(year)}-${String(month)}`);
  return day;
}

function cellState(date: CalendarDay, input: MonthCalendarInput): CellState {
  // Done first: a paused day the person practised anyway shows what they did.
  if (input.done.has(date)) return 'done';
  if (input.paused.has(date)) return 'paused';
  if (daysBetween(input.today, date) >= 0) return 'future';
  if (input.since != null && daysBetween(input.since, date) < 0) return 'empty';
  return 'missed';
}

export function monthCalendar(input: MonthCalendarInput): MonthCalendar {
  assertMonth(input);
  const firstWeekday = input.firstWeekday ?? 0;
  if (!Number.isInteger(firstWeekday) || firstWeekday < 0 || firstWeekday > 6) {
    throw new RangeError(`First weekday must be 0 (Sunday) to 6 (Saturday), not ${String(firstWeekday)}`);
  }
  const first = firstDayOfMonth(input);
  const lead = (weekday(first) - firstWeekday + 7) % 7;
  // Only the weeks the month touches: a month laid out over a fixed six rows would show a whole
  // week of the next month under February 2026.
  const weekCount = Math.ceil((lead + daysInMonth(input.year, input.month)) / 7);
  const start = addDays(first, -lead);
  const weeks: CalendarCell[][] = [];
  for (let w = 0; w < weekCount; w++) {
    const week: CalendarCell[] = [];
    for (let d = 0; d < 7; d++) {
      const date = addDays(start, w * 7 + d);
      const { year, month } = dayParts(date);
      const isCurrentMonth = year === input.year && month === input.month;
      week.push({
        date,
        isCurrentMonth,
        state: isCurrentMonth ? cellState(date, input) : 'empty',
        isToday: date === input.today,
      });
    }
    weeks.push(week);
  }
  return { year: input.year, month: input.month, weeks };
}
