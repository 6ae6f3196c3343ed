import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '../dates/calendar-day';
import { JOURNAL_TEXT_MAX } from '../schemas/records';
import { dropStoredTexts, keepTexts, parseUnsavedJournalTexts } from './unsaved-journal-texts';

const day = (text: string) => text as CalendarDay;

describe('journal words kept aside', () => {
  it('keeps the latest text of each field, per day', () => {
    let copy = keepTexts({}, day('2026-11-22'), { gratitudeOne: 'S' });
    copy = keepTexts(copy, day('2026-11-22'), { gratitudeOne: 'Snow', gratitudeTwo: 'Tea' });
    copy = keepTexts(copy, day('2026-11-21'), { gratitudeThree: '' });
    expect(copy).toEqual({ '2026-11-22': { gratitudeOne: 'Snow', gratitudeTwo: 'Tea' }, '2026-11-21': { gratitudeThree: '' } });
  });

  it('forgets a field once its kept text is the one stored, and keeps newer words than an older save', () => {
    const copy = keepTexts({}, day('2026-11-22'), { gratitudeOne: 'Snowfall', gratitudeTwo: 'Tea' });
    // An older save of the first field finished after the newer words were kept.
    const afterOlder = dropStoredTexts(copy, day('2026-11-22'), { gratitudeOne: 'Snow', gratitudeTwo: 'Tea' });
    expect(afterOlder).toEqual({ '2026-11-22': { gratitudeOne: 'Snowfall' } });
    expect(dropStoredTexts(afterOlder, day('2026-11-22'), { gratitudeOne: 'Snowfall' })).toEqual({});
  });

  it('leaves the copy as it is when nothing was kept for the day', () => {
    const copy = keepTexts({}, day('2026-11-22'), { gratitudeOne: 'Snow' });
    expect(dropStoredTexts(copy, day('2026-11-21'), { gratitudeOne: 'Snow' })).toBe(copy);
  });

  it('reads back what it wrote', () => {
    const copy = keepTexts({}, day('2026-11-22'), { gratitudeOne: 'Snow', gratitudeThree: '' });
    expect(parseUnsavedJournalTexts(JSON.stringify(copy))).toEqual(copy);
  });

  it('reads a damaged copy as nothing, and a damaged day or field without costing the others', () => {
    expect(parseUnsavedJournalTexts(null)).toEqual({});
    expect(parseUnsavedJournalTexts('{not json')).toEqual({});
    expect(parseUnsavedJournalTexts('["2026-11-22"]')).toEqual({});
    const mixed = JSON.stringify({
      '2026-11-22': { gratitudeOne: 'Snow' },
      '2026-02-30': { gratitudeOne: 'No such day' },
      '2026-11-21': { gratitudeOne: 42 },
      '2026-11-20': { mortality: true },
      '2026-11-19': { gratitudeTwo: 'x'.repeat(JOURNAL_TEXT_MAX + 1) },
      '2026-11-18': {},
    });
    expect(parseUnsavedJournalTexts(mixed)).toEqual({ '2026-11-22': { gratitudeOne: 'Snow' } });
  });
});
