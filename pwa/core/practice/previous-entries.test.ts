import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type CalendarDay } from '../dates/calendar-day';
import { day } from '../dates/test-days';
import { browse, browseView, pastDays, startIndex, TODAY_VIEW, type BrowseAction, type BrowseState, type PastDay } from './previous-entries';

const TODAY = day('2026-03-18');

function entry(date: string, text = ''): { date: CalendarDay; gratitudeOne: string; gratitudeTwo: string; gratitudeThree: string } {
  return { date: day(date), gratitudeOne: text, gratitudeTwo: '', gratitudeThree: '' };
}

function past(...marks: [string, boolean][]): PastDay[] {
  return marks.map(([date, hasText]) => ({ date: day(date), hasText }));
}

/** Runs arrows from a state and returns each state passed through. */
function press(state: BrowseState, actions: readonly BrowseAction[], days: readonly PastDay[]): BrowseState[] {
  const states: BrowseState[] = [];
  let current = state;
  for (const action of actions) {
    current = browse(current, action, days);
    states.push(current);
  }
  return states;
}

describe('pastDays', () => {
  it('keeps the days before today, oldest first, noting which have text', () => {
    const entries = [entry('2026-03-17', 'tea'), entry('2026-03-18', 'today'), entry('2026-03-01'), entry('2026-03-20', 'later'), entry('2025-12-31', 'x')];
    expect(pastDays(entries, TODAY)).toEqual(past(['2025-12-31', true], ['2026-03-01', false], ['2026-03-17', true]));
  });
});

describe('startIndex', () => {
  it.each<[string, PastDay[], number | null]>([
    ['no past days', [], null],
    ['the latest day with text', past(['2026-03-01', true], ['2026-03-02', true]), 1],
    // The latest day has no text (only the mortality exercise was started): start on the one before.
    ['skipping later days without text', past(['2026-03-01', true], ['2026-03-02', false], ['2026-03-03', false]), 0],
    ['the latest day when none has text', past(['2026-03-01', false], ['2026-03-02', false]), 1],
  ])('%s', (_name, days, expected) => {
    expect(startIndex(days)).toBe(expected);
  });
});

describe('browse', () => {
  const days = past(['2026-03-01', true], ['2026-03-05', true], ['2026-03-09', true], ['2026-03-12', false]);
  const at = (date: string): BrowseState => ({ view: 'previous', date: day(date) });

  it('opens on the latest day with text from the gratitude view left arrow', () => {
    expect(browse(TODAY_VIEW, 'left', days)).toEqual(at('2026-03-09'));
  });

  it('leaves the gratitude view as it is for its missing right arrow, and without past days', () => {
    expect(browse(TODAY_VIEW, 'right', days)).toBe(TODAY_VIEW);
    expect(browse(TODAY_VIEW, 'left', [])).toBe(TODAY_VIEW);
    expect(browseView(TODAY_VIEW, [])).toMatchObject({ canLeft: false, canRight: false });
    expect(browseView(TODAY_VIEW, days)).toMatchObject({ canLeft: true, canRight: false, date: null });
  });

  it('goes back one day at a time and stops at the oldest', () => {
    const states = press(TODAY_VIEW, ['left', 'left', 'left', 'left', 'left'], days);
    expect(states).toEqual([at('2026-03-09'), at('2026-03-05'), at('2026-03-01'), at('2026-03-01'), at('2026-03-01')]);
    expect(browseView(at('2026-03-01'), days)).toEqual({ date: '2026-03-01', index: 0, count: 4, canLeft: false, canRight: true });
  });

  it('goes forward one day at a time and from the latest back to today', () => {
    const states = press(at('2026-03-05'), ['right', 'right', 'right', 'left'], days);
    expect(states).toEqual([at('2026-03-09'), at('2026-03-12'), TODAY_VIEW, at('2026-03-09')]);
  });

  it('keeps the day on screen when another device adds a day before it', () => {
    const shown = at('2026-03-05');
    const synced = past(['2026-03-01', true], ['2026-03-03', true], ['2026-03-05', true], ['2026-03-09', true]);
    expect(browseView(shown, synced)).toMatchObject({ date: '2026-03-05', index: 2 });
    expect(browse(shown, 'left', synced)).toEqual(at('2026-03-03'));
  });

  it('shows the closest earlier day when the one on screen goes away, and today when all do', () => {
    const shown = at('2026-03-05');
    const without = past(['2026-03-01', true], ['2026-03-09', true]);
    expect(browseView(shown, without)).toMatchObject({ date: '2026-03-01', index: 0 });
    expect(browse(shown, 'right', without)).toEqual(at('2026-03-09'));
    expect(browse(shown, 'left', [])).toBe(TODAY_VIEW);
    expect(browseView(shown, [])).toMatchObject({ date: null, canLeft: false });
  });
});

describe('properties of browsing', () => {
  const pastList = fc
    .uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 30 })
    .chain((offsets) => fc.tuple(fc.constant(offsets.sort((a, b) => b - a)), fc.array(fc.boolean(), { minLength: offsets.length, maxLength: offsets.length })))
    .map(([offsets, texts]) => offsets.map((n, i): PastDay => ({ date: addDays(TODAY, -n), hasText: texts[i] ?? false })));

  it('always shows a past day or today, and the index follows the arrows by one within bounds', () => {
    fc.assert(
      fc.property(pastList, fc.array(fc.constantFrom<BrowseAction>('left', 'right'), { maxLength: 40 }), (days, actions) => {
        let state: BrowseState = TODAY_VIEW;
        for (const action of actions) {
          const before = browseView(state, days);
          state = browse(state, action, days);
          const after = browseView(state, days);
          if (state.view === 'previous') {
            const shown = state.date;
            expect(days.some((d) => d.date === shown)).toBe(true);
          }
          if (before.index === null) {
            expect(after.index).toBe(action === 'left' ? startIndex(days) : null);
          } else if (action === 'left') {
            expect(after.index).toBe(Math.max(0, before.index - 1));
          } else {
            expect(after.index).toBe(before.index + 1 < days.length ? before.index + 1 : null);
          }
        }
      }),
    );
  });
});
