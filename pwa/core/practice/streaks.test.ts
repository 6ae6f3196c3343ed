import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, calendarDayFromParts, daysBetween, daysInMonth, type CalendarDay } from '../dates/calendar-day';
import { day } from '../dates/test-days';
import {
  doneDaysOf,
  doneRuleSchema,
  effectivePausedDays,
  isDayDone,
  monthsOverPauseCap,
  pauseDay,
  pausesLeftInMonth,
  streaks,
  unpauseDay,
  type DoneRule,
} from './streaks';

const days = (...texts: string[]): Set<CalendarDay> => new Set(texts.map(day));
/** `count` consecutive days ending on `last`. */
const run = (last: string, count: number): CalendarDay[] => Array.from({ length: count }, (_, i) => addDays(day(last), -i));

describe('isDayDone', () => {
  it.each<[DoneRule, boolean, boolean, boolean]>([
    ['both', true, true, true],
    ['both', true, false, false],
    ['both', false, true, false],
    ['gratitude', false, true, true],
    ['gratitude', true, false, false],
    ['mortality', true, false, true],
    ['mortality', false, true, false],
    ['either', true, false, true],
    ['either', false, true, true],
    ['either', false, false, false],
  ])('rule %s with mortality %s and gratitude %s: %s', (rule, mortality, gratitude, expected) => {
    expect(isDayDone({ mortality, gratitude }, rule)).toBe(expected);
  });

  it('collects the done days of entries and reads the rule from storage with a schema', () => {
    const entries = [
      { date: day('2026-03-01'), mortality: true, gratitude: true },
      { date: day('2026-03-02'), mortality: true, gratitude: false },
    ];
    expect(doneDaysOf(entries, 'both')).toEqual(days('2026-03-01'));
    expect(doneDaysOf(entries, 'mortality')).toEqual(days('2026-03-01', '2026-03-02'));
    expect(doneRuleSchema.safeParse('either').success).toBe(true);
    expect(doneRuleSchema.safeParse('all').success).toBe(false);
  });
});

describe('streaks', () => {
  it.each<[string, string, string[], string[], number, number]>([
    ['nothing done', '2026-03-10', [], [], 0, 0],
    ['today done alone', '2026-03-10', ['2026-03-10'], [], 1, 1],
    // Today still open does not break the run: it counts up to yesterday.
    ['today open, yesterday and before done', '2026-03-10', ['2026-03-09', '2026-03-08'], [], 2, 2],
    ['a missed yesterday breaks it', '2026-03-10', ['2026-03-08', '2026-03-07'], [], 0, 2],
    ['a run including today', '2026-03-10', ['2026-03-10', '2026-03-09', '2026-03-08'], [], 3, 3],
    ['the longest run is an earlier one', '2026-03-10', ['2026-03-10', '2026-03-01', '2026-03-02', '2026-03-03'], [], 1, 3],
    // Across a month end, a year end, a leap day, and a 28-day February.
    ['across a month end', '2026-04-01', ['2026-03-30', '2026-03-31', '2026-04-01'], [], 3, 3],
    ['across a year end', '2027-01-02', ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'], [], 4, 4],
    ['across 29 February 2024', '2024-03-01', ['2024-02-28', '2024-02-29', '2024-03-01'], [], 3, 3],
    ['29 February missing breaks it', '2024-03-01', ['2024-02-28', '2024-03-01'], [], 1, 1],
    ['no 29 February in 2026', '2026-03-01', ['2026-02-27', '2026-02-28', '2026-03-01'], [], 3, 3],
    // Paused days bridge a run without counting in it.
    ['a paused day bridges', '2026-03-10', ['2026-03-10', '2026-03-08'], ['2026-03-09'], 2, 2],
    ['two paused days bridge', '2026-03-10', ['2026-03-10', '2026-03-07'], ['2026-03-08', '2026-03-09'], 2, 2],
    ['a paused yesterday keeps the run while today is open', '2026-03-10', ['2026-03-08'], ['2026-03-09'], 1, 1],
    ['a paused today keeps the run', '2026-03-10', ['2026-03-09'], ['2026-03-10'], 1, 1],
    ['paused days alone are no streak', '2026-03-10', [], ['2026-03-09', '2026-03-10'], 0, 0],
    ['a pause bridging a month end', '2026-04-01', ['2026-03-30', '2026-04-01'], ['2026-03-31'], 2, 2],
    ['a pause bridging a year end', '2027-01-01', ['2026-12-30', '2027-01-01'], ['2026-12-31'], 2, 2],
    ['a pause on a leap day', '2024-03-01', ['2024-02-28', '2024-03-01'], ['2024-02-29'], 2, 2],
    ['a paused day also done counts as done', '2026-03-10', ['2026-03-09', '2026-03-10'], ['2026-03-09'], 2, 2],
    // Days after today are ignored.
    ['done days after today', '2026-03-10', ['2026-03-10', '2026-03-11', '2026-03-12'], [], 1, 1],
  ])('%s', (_name, today, done, paused, current, longest) => {
    const result = streaks({ today: day(today), done: days(...done), paused: days(...paused) });
    expect({ current: result.current, longest: result.longest }).toEqual({ current, longest });
    expect(result.todayDone).toBe(done.includes(today));
  });

  it('counts a long run back through many months', () => {
    const done = new Set(run('2026-03-10', 400));
    expect(streaks({ today: day('2026-03-10'), done, paused: new Set() })).toEqual({ current: 400, longest: 400, todayDone: true });
  });
});

describe('streak freezes', () => {
  it('allows two pauses a month and refuses a third', () => {
    const first = pauseDay([], day('2026-03-05'));
    if (!first.ok) throw new Error('first pause refused');
    const second = pauseDay(first.freezes, day('2026-03-02'));
    if (!second.ok) throw new Error('second pause refused');
    expect(second.freezes).toEqual(['2026-03-02', '2026-03-05']);
    expect(pausesLeftInMonth(second.freezes, day('2026-03-20'))).toBe(0);
    expect(pauseDay(second.freezes, day('2026-03-20'))).toEqual({ ok: false, error: 'month-full' });
    // The cap is per calendar month: the last day of February and the first of April are free.
    expect(pauseDay(second.freezes, day('2026-02-28')).ok).toBe(true);
    expect(pauseDay(second.freezes, day('2026-04-01')).ok).toBe(true);
    expect(pauseDay(second.freezes, day('2026-03-05'))).toEqual({ ok: false, error: 'already-paused' });
  });

  it('gives a pause back when a day is unpaused', () => {
    const freezes = [day('2026-03-02'), day('2026-03-05')];
    const left = unpauseDay(freezes, day('2026-03-05'));
    expect(left).toEqual(['2026-03-02']);
    expect(pausesLeftInMonth(left, day('2026-03-01'))).toBe(1);
  });

  it('grants no more than two pauses a month from a stored list that has more', () => {
    const stored = ['2026-03-09', '2026-03-01', '2026-03-05', '2026-03-01', '2026-04-02'].map(day);
    expect(effectivePausedDays(stored)).toEqual(days('2026-03-01', '2026-03-05', '2026-04-02'));
    expect(monthsOverPauseCap(stored)).toEqual(['2026-03']);
    expect(monthsOverPauseCap(['2026-03-01', '2026-03-02'].map(day))).toEqual([]);
    expect(pausesLeftInMonth(stored, day('2026-03-31'))).toBe(0);
  });

  it('a third pause in a month does not bridge a gap', () => {
    const stored = ['2026-03-02', '2026-03-03', '2026-03-04'].map(day);
    const paused = effectivePausedDays(stored);
    const result = streaks({ today: day('2026-03-05'), done: days('2026-03-01', '2026-03-05'), paused });
    expect(result.current).toBe(1);
  });
});

// --- Properties ---------------------------------------------------------------------------

const today = fc
  .record({ year: fc.integer({ min: 1990, max: 2100 }), month: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
  .map(({ year, month, d }) => calendarDayFromParts({ year, month, day: Math.min(d, daysInMonth(year, month)) }) as CalendarDay);

/** A history of the last 120 days: each day done, paused, or neither. */
const history = fc.array(fc.constantFrom('done', 'paused', 'none'), { minLength: 0, maxLength: 120 });

function input(t: CalendarDay, marks: readonly string[]): { today: CalendarDay; done: Set<CalendarDay>; paused: Set<CalendarDay> } {
  const done = new Set<CalendarDay>();
  const paused = new Set<CalendarDay>();
  marks.forEach((mark, i) => {
    const d = addDays(t, -i);
    if (mark === 'done') done.add(d);
    if (mark === 'paused') paused.add(d);
  });
  return { today: t, done, paused };
}

/** The definition, read straight off the history newest first. */
function modelStreaks(marks: readonly string[]): { current: number; longest: number } {
  let current = 0;
  for (const [i, mark] of marks.entries()) {
    if (mark === 'done') current++;
    else if (mark === 'none' && i > 0) break;
  }
  let longest = 0;
  let runLength = 0;
  for (const mark of marks) {
    if (mark === 'done') runLength++;
    else if (mark === 'none') runLength = 0;
    longest = Math.max(longest, runLength);
  }
  return { current, longest };
}

describe('properties of streaks', () => {
  it('match the definition, wherever the month and year ends fall', () => {
    fc.assert(
      fc.property(today, history, (t, marks) => {
        const { current, longest } = streaks(input(t, marks));
        expect({ current, longest }).toEqual(modelStreaks(marks));
      }),
    );
  });

  it('current never exceeds longest, and longest never exceeds the days done', () => {
    fc.assert(
      fc.property(today, history, (t, marks) => {
        const i = input(t, marks);
        const { current, longest } = streaks(i);
        expect(current).toBeLessThanOrEqual(longest);
        expect(longest).toBeLessThanOrEqual(i.done.size);
      }),
    );
  });

  it('pausing a day never shortens a streak, and never lengthens it by more than the runs it joins', () => {
    fc.assert(
      fc.property(today, history, fc.nat(119), (t, marks, k) => {
        const before = input(t, marks);
        const pausedDay = addDays(t, -k);
        const after = { ...before, paused: new Set([...before.paused, pausedDay]) };
        const a = streaks(before);
        const b = streaks(after);
        expect(b.current).toBeGreaterThanOrEqual(a.current);
        expect(b.longest).toBeGreaterThanOrEqual(a.longest);
        expect(b.longest).toBeLessThanOrEqual(before.done.size);
      }),
    );
  });

  it('never counts a paused day: pauses alone make no streak', () => {
    fc.assert(
      fc.property(today, history, (t, marks) => {
        const i = input(t, marks);
        expect(streaks({ ...i, done: new Set() })).toEqual({ current: 0, longest: 0, todayDone: false });
      }),
    );
  });

  it('keeps at most two pauses in any month, and every pause of a month within the cap', () => {
    fc.assert(
      fc.property(fc.array(today, { maxLength: 40 }), (stored) => {
        const kept = effectivePausedDays(stored);
        const perMonth = new Map<string, number>();
        for (const d of kept) perMonth.set(d.slice(0, 7), (perMonth.get(d.slice(0, 7)) ?? 0) + 1);
        for (const count of perMonth.values()) expect(count).toBeLessThanOrEqual(2);
        for (const d of new Set(stored)) {
          const sameMonth = new Set(stored.filter((s) => s.slice(0, 7) === d.slice(0, 7)));
          if (sameMonth.size <= 2) expect(kept.has(d)).toBe(true);
        }
        expect(monthsOverPauseCap(stored).length === 0).toBe(kept.size === new Set(stored).size);
      }),
    );
  });

  it('counts the same whichever day the history ends on (translation)', () => {
    fc.assert(
      fc.property(today, fc.integer({ min: -4000, max: 4000 }), history, (t, shift, marks) => {
        const moved = addDays(t, shift);
        expect(daysBetween(t, moved)).toBe(shift);
        const a = streaks(input(t, marks));
        const b = streaks(input(moved, marks));
        expect(b).toEqual(a);
      }),
    );
  });
});
