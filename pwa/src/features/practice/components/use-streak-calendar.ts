import { useState } from 'react';
import { parseCalendarDay, type CalendarDay } from '#core/dates/calendar-day';
import type { ProfileFields } from '#core/schemas/records';
import type { JournalEntry } from '#core/practice/journal-entry';
import {
  canShowNextMonth,
  monthCalendar,
  monthOf,
  shiftMonth,
  type MonthCalendar,
  type MonthRef,
} from '#core/practice/month-calendar';
import { doneDaysOf, effectivePausedDays, streaks, type DoneRule, type Streaks } from '#core/practice/streaks';

export interface StreakCalendarModel {
  readonly calendar: MonthCalendar;
  readonly streaks: Streaks;
  readonly paused: ReadonlySet<CalendarDay>;
  readonly canNext: boolean;
  readonly previousMonth: () => void;
  readonly nextMonth: () => void;
}

/** The month shown (today's at first, never after it) and what the rules say about it. */
export function useStreakCalendar(
  today: CalendarDay,
  journal: readonly JournalEntry[],
  freezes: readonly CalendarDay[],
  /** The person's choice of what makes a day done (their profile's `doneRule`). */
  doneRule: DoneRule,
): StreakCalendarModel {
  const [shown, setShown] = useState<MonthRef>(() => monthOf(today));
  const done = doneDaysOf(journal, doneRule);
  const paused = effectivePausedDays(freezes);
  // Days before the first entry were before the practice began: empty, not missed.
  const since = journal[0]?.date ?? today;
  return {
    calendar: monthCalendar({ ...shown, today, done, paused, since }),
    streaks: streaks({ today, done, paused }),
    paused,
    canNext: canShowNextMonth(shown, today),
    previousMonth: () => setShown((month) => shiftMonth(month, -1)),
    nextMonth: () => setShown((month) => (canShowNextMonth(month, today) ? shiftMonth(month, 1) : month)),
  };
}

/** The paused days as calendar days (the stored list is checked by the profile schema). */
export function freezesOf(profile: ProfileFields): CalendarDay[] {
  return profile.streakFreezes.flatMap((day) => parseCalendarDay(day) ?? []);
}
