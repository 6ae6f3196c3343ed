import type { CalendarCell, CellState, MonthCalendar } from '#core/practice/month-calendar';
import { dayParts } from '#core/dates/calendar-day';
import { formatWeekdayMonthDay } from '../practice-format';
import styles from './calendar.module.css';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const STATE_WORDS: Record<CellState, string> = {
  done: 'done',
  paused: 'paused',
  missed: 'missed',
  future: 'not done yet',
  empty: '',
};

/** 'Tuesday, November 3: done' (and ', today'). */
export function cellLabel(cell: CalendarCell): string {
  return `${formatWeekdayMonthDay(cell.date)}: ${STATE_WORDS[cell.state]}${cell.isToday ? ', today' : ''}`;
}

/** Whether the person may pause or unpause a day from its cell. */
export function isPausable(cell: CalendarCell): boolean {
  return cell.state === 'missed' || cell.state === 'future' || cell.state === 'paused';
}

interface CalendarGridProps {
  readonly calendar: MonthCalendar;
  readonly caption: string;
  readonly onPick: (cell: CalendarCell) => void;
}

/** The month as a table: a column per weekday, each day named with its state. */
export function CalendarGrid({ calendar, caption, onPick }: CalendarGridProps) {
  return (
    <table className={styles.grid}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((name) => (
            <th key={name} scope="col" abbr={name} className={styles.weekday}>
              {name.slice(0, 1)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {calendar.weeks.map((week) => (
          <tr key={week[0]?.date}>
            {week.map((cell) => (
              <td key={cell.date} className={styles.cell}>
                {cell.isCurrentMonth && <DayCell cell={cell} onPick={onPick} />}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayCell({ cell, onPick }: { readonly cell: CalendarCell; readonly onPick: (cell: CalendarCell) => void }) {
  const classes = [styles.day, styles[cell.state], cell.isToday && styles.today].filter(Boolean).join(' ');
  const number = <span aria-hidden="true">{dayParts(cell.date).day}</span>;
  if (!isPausable(cell)) {
    return (
      <span className={classes} data-state={cell.state}>
        {number}
        <span className="sr-only">{cellLabel(cell)}</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      className={classes}
      data-state={cell.state}
      aria-current={cell.isToday ? 'date' : undefined}
      onClick={() => onPick(cell)}
    >
      {number}
      <span className="sr-only">{cellLabel(cell)}</span>
    </button>
  );
}
