import { useState } from 'react';
import { ChevronLeft, ChevronRight, Flame, Trophy } from 'lucide-react';
import type { CalendarDay } from '#core/dates/calendar-day';
import type { JournalEntry } from '#core/practice/journal-entry';
import type { CalendarCell } from '#core/practice/month-calendar';
import type { DoneRule } from '#core/practice/streaks';
import { firstDayOfMonth } from '#core/practice/month-calendar';
import { formatMonthYear, plural } from '../practice-format';
import { CalendarGrid } from './calendar-grid';
import { PauseDayDialog } from './pause-day-dialog';
import { useStreakCalendar } from './use-streak-calendar';
import styles from './calendar.module.css';

export interface StreakCalendarProps {
  readonly today: CalendarDay;
  readonly journal: readonly JournalEntry[];
  readonly freezes: readonly CalendarDay[];
  readonly doneRule: DoneRule;
}

/** Current and longest streak, and the month calendar (pausing a day from a cell). */
export function StreakCalendar({ today, journal, freezes, doneRule }: StreakCalendarProps) {
  const model = useStreakCalendar(today, journal, freezes, doneRule);
  const [picked, setPicked] = useState<CalendarCell | null>(null);
  const monthName = formatMonthYear(firstDayOfMonth(model.calendar));
  return (
    <section className={styles.section} aria-labelledby="streaks-title">
      <h2 id="streaks-title" className={styles.title}>
        Your streak
      </h2>
      <dl className={styles.streaks}>
        <div className={styles.streak}>
          <dt>
            <Flame aria-hidden="true" size={18} /> Current streak
          </dt>
          <dd>{plural(model.streaks.current, 'day')}</dd>
        </div>
        <div className={styles.streak}>
          <dt>
            <Trophy aria-hidden="true" size={18} /> Longest streak
          </dt>
          <dd>{plural(model.streaks.longest, 'day')}</dd>
        </div>
      </dl>
      <div className={styles.monthBar}>
        <button type="button" className={styles.monthButton} onClick={model.previousMonth}>
          <ChevronLeft aria-hidden="true" size={20} />
          <span className="sr-only">Previous month</span>
        </button>
        <p className={styles.monthName} aria-live="polite">
          {monthName}
        </p>
        <button type="button" className={styles.monthButton} onClick={model.nextMonth} disabled={!model.canNext}>
          <ChevronRight aria-hidden="true" size={20} />
          <span className="sr-only">Next month</span>
        </button>
      </div>
      <CalendarGrid calendar={model.calendar} caption={monthName} onPick={setPicked} />
      <p className={styles.hint}>Tap a missed or coming day to pause it (up to 2 a month): a paused day keeps your streak.</p>
      {picked !== null && <PauseDayDialog cell={picked} freezes={freezes} onClose={() => setPicked(null)} />}
    </section>
  );
}
