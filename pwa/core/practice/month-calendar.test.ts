import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, daysInMonth, weekday, type CalendarDay } from '../dates/calendar-day';
import { day } from '../dates/test-days';
import {
  canShowNextMonth,
  compareMonths,
  monthCalendar,
  monthOf,
  shiftMonth,
  type CalendarCell,
  type MonthCalendarInput,
} from './month-calendar';

const none = new Set<CalendarDay>();
const SUNDAY = 0;
const MONDAY = 1;

function calendar(year: number, month: number, extra: Partial<MonthCalendarInput> = {}): ReturnType<typeof monthCalendar> {
  return monthCalendar({ year, month, today: day('2026-03-18'), done: none, paused: none, ...extra });
}

function cell(weeks: readonly (readonly CalendarCell[])[], date: string): CalendarCell {
  const found = weeks.flat().find((c) => c.date === date);
  if (!found) throw new Error(`No cell for ${date}`);
  return found;
}

describe('monthCalendar: the grid', () => {
  it.each([
    // February 2026 begins on a Sunday and has 28 days: exactly four weeks.
    [2026, 2, SUNDAY, 4, '2026-02-01', '2026-02-28'],
    [2026, 2, MONDAY, 5, '2026-01-26', '2026-03-01'],
    // February 2021 begins on a Monday.
    [2021, 2, MONDAY, 4, '2021-02-01', '2021-02-28'],
    // Months that need six rows: 1 August 2026 is a Saturday, 1 May 2026 a Friday.
    [2026, 8, SUNDAY, 6, '2026-07-26', '2026-09-05'],
    [2026, 5, SUNDAY, 6, '2026-04-26', '2026-06-06'],
    // 1 March 2026 is a Sunday: a Monday-first grid needs six rows for it.
    [2026, 3, SUNDAY, 5, '2026-03-01', '2026-04-04'],
    [2026, 3, MONDAY, 6, '2026-02-23', '2026-04-05'],
    // A leap February.
    [2024, 2, SUNDAY, 5, '2024-01-28', '2024-03-02'],
    [2026, 12, SUNDAY, 5, '2026-11-29', '2027-01-02'],
  ])('%i-%i starting on weekday %i has %i weeks from %s to %s', (year, month, firstWeekday, rows, first, last) => {
    const { weeks } = calendar(year, month, { firstWeekday });
    expect(weeks).toHaveLength(rows);
    for (const week of weeks) expect(week).toHaveLength(7);
    expect(weeks[0]?.[0]?.date).toBe(first);
    expect(weeks.at(-1)?.at(-1)?.date).toBe(last);
  });

  it('marks the cells of the neighbouring months as outside the month, and empty', () => {
    const { weeks } = calendar(2026, 8);
    expect(cell(weeks, '2026-07-31')).toMatchObject({ isCurrentMonth: false, state: 'empty' });
    expect(cell(weeks, '2026-08-01')).toMatchObject({ isCurrentMonth: true });
    expect(cell(weeks, '2026-09-01')).toMatchObject({ isCurrentMonth: false, state: 'empty' });
  });

  it('refuses a month or first weekday that does not exist', () => {
    expect(() => calendar(2026, 13)).toThrow(RangeError);
    expect(() => calendar(2026, 0)).toThrow(RangeError);
    expect(() => calendar(2026, 2, { firstWeekday: 7 })).toThrow(RangeError);
  });
});

describe('monthCalendar: the states', () => {
  const done = new Set(['2026-03-02', '2026-03-03', '2026-03-18'].map(day));
  const paused = new Set(['2026-03-04', '2026-03-03', '2026-03-25'].map(day));

  it.each([
    ['2026-03-02', 'done', false],
    // Done wins over paused: the practice was done.
    ['2026-03-03', 'done', false],
    ['2026-03-04', 'paused', false],
    ['2026-03-05', 'missed', false],
    ['2026-03-18', 'done', true],
    ['2026-03-19', 'future', false],
    // A pause planned ahead shows as paused.
    ['2026-03-25', 'paused', false],
  ])('%s is %s (today: %s)', (date, state, isToday) => {
    const { weeks } = calendar(2026, 3, { done, paused });
    expect(cell(weeks, date)).toMatchObject({ state, isToday, isCurrentMonth: true });
  });

  it('shows today as open, not missed, until it is done', () => {
    const { weeks } = calendar(2026, 3);
    expect(cell(weeks, '2026-03-18')).toMatchObject({ state: 'future', isToday: true });
  });

  it('shows the days before the practice began as empty, not missed', () => {
    const { weeks } = calendar(2026, 3, { since: day('2026-03-10') });
    expect(cell(weeks, '2026-03-09').state).toBe('empty');
    expect(cell(weeks, '2026-03-10').state).toBe('missed');
  });

  it('marks a month in the past entirely, with no today in it', () => {
    const { weeks } = calendar(2026, 2, { done: new Set([day('2026-02-14')]) });
    const states = weeks.flat().map((c) => c.state);
    expect(states.filter((s) => s === 'done')).toHaveLength(1);
    expect(states.filter((s) => s === 'missed')).toHaveLength(27);
    expect(weeks.flat().some((c) => c.isToday)).toBe(false);
  });
});

describe('month navigation', () => {
  it.each([
    [2026, 3, -1, 2026, 2],
    [2026, 1, -1, 2025, 12],
    [2026, 12, 1, 2027, 1],
    [2026, 3, -27, 2023, 12],
    [2026, 3, 0, 2026, 3],
  ])('%i-%i shifted by %i is %i-%i', (year, month, delta, toYear, toMonth) => {
    expect(shiftMonth({ year, month }, delta)).toEqual({ year: toYear, month: toMonth });
  });

  it('pages forward only up to the month of today', () => {
    const today = day('2026-03-18');
    expect(monthOf(today)).toEqual({ year: 2026, month: 3 });
    expect(canShowNextMonth({ year: 2026, month: 2 }, today)).toBe(true);
    expect(canShowNextMonth({ year: 2025, month: 12 }, today)).toBe(true);
    expect(canShowNextMonth({ year: 2026, month: 3 }, today)).toBe(false);
    expect(compareMonths({ year: 2025, month: 12 }, { year: 2026, month: 1 })).toBeLessThan(0);
  });
});

describe('properties of the month calendar', () => {
  const month = fc.record({ year: fc.integer({ min: 1900, max: 2200 }), month: fc.integer({ min: 1, max: 12 }) });

  it('lays every day of the month out once, in order, in whole weeks starting on the chosen weekday', () => {
    fc.assert(
      fc.property(month, fc.integer({ min: 0, max: 6 }), ({ year, month: m }, firstWeekday) => {
        const { weeks } = monthCalendar({ year, month: m, firstWeekday, today: day('2026-03-18'), done: none, paused: none });
        const cells = weeks.flat();
        expect(weeks.length).toBeGreaterThanOrEqual(4);
        expect(weeks.length).toBeLessThanOrEqual(6);
        const [first] = cells;
        if (first === undefined) throw new Error('no cells');
        expect(weekday(first.date)).toBe(firstWeekday);
        cells.forEach((c, i) => {
          expect(daysBetween(first.date, c.date)).toBe(i);
        });
        const inMonth = cells.filter((c) => c.isCurrentMonth);
        expect(inMonth).toHaveLength(daysInMonth(year, m));
        expect(inMonth[0]?.date.endsWith('-01')).toBe(true);
        // No row lies wholly outside the month.
        for (const week of weeks) expect(week.some((c) => c.isCurrentMonth)).toBe(true);
      }),
    );
  });

  it('gives every day of the month exactly one state, today highlighted only on today', () => {
    fc.assert(
      fc.property(fc.integer({ min: -60, max: 60 }), fc.array(fc.integer({ min: -45, max: 45 })), (offset, marks) => {
        const today = addDays(day('2026-03-18'), offset);
        const done = new Set(marks.filter((n) => n % 2 === 0).map((n) => addDays(today, n)));
        const paused = new Set(marks.filter((n) => n % 3 === 0).map((n) => addDays(today, n)));
        const { weeks } = monthCalendar({ ...monthOf(today), today, done, paused });
        for (const c of weeks.flat()) {
          expect(c.isToday).toBe(c.date === today);
          if (!c.isCurrentMonth) expect(c.state).toBe('empty');
          else if (done.has(c.date)) expect(c.state).toBe('done');
          else if (paused.has(c.date)) expect(c.state).toBe('paused');
          else expect(c.state).toBe(daysBetween(today, c.date) >= 0 ? 'future' : 'missed');
        }
      }),
    );
  });
});
