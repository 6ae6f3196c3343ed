import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '../dates/calendar-day';
import { JOURNAL_TEXT_MAX } from '../schemas/records';
import { dropStoredTexts, KEPT_OVER_MAX, keepTexts, keptTextsWhose, keptWordsFate, parseUnsavedJournalTexts } from './unsaved-journal-texts';

const day = (text: string) => text as CalendarDay;

describe('journal words kept aside', () => {
  it('keeps the latest text of each field, per day', () => {
    let copy = keepTexts({}, day('2026-11-22'), { gratitudeOne: { text: 'S', over: [''] } });
    copy = keepTexts(copy, day('2026-11-22'), { gratitudeOne: { text: 'Snow', over: [''] }, gratitudeTwo: { text: 'Tea' } });
    copy = keepTexts(copy, day('2026-11-21'), { gratitudeThree: { text: '' } });
    expect(copy).toEqual({
      '2026-11-22': { gratitudeOne: { text: 'Snow', over: [''] }, gratitudeTwo: { text: 'Tea' } },
      '2026-11-21': { gratitudeThree: { text: '' } },
    });
  });

  it('forgets a field once its kept text is the one stored, and keeps newer words than an older save', () => {
    const copy = keepTexts({}, day('2026-11-22'), { gratitudeOne: { text: 'Snowfall' }, gratitudeTwo: { text: 'Tea' } });
    // An older save of the first field finished after the newer words were kept.
    const afterOlder = dropStoredTexts(copy, day('2026-11-22'), { gratitudeOne: 'Snow', gratitudeTwo: 'Tea' });
    expect(afterOlder).toEqual({ '2026-11-22': { gratitudeOne: { text: 'Snowfall' } } });
    expect(dropStoredTexts(afterOlder, day('2026-11-22'), { gratitudeOne: 'Snowfall' })).toEqual({});
  });

  it('leaves the copy as it is when nothing was kept for the day', () => {
    const copy = keepTexts({}, day('2026-11-22'), { gratitudeOne: { text: 'Snow' } });
    expect(dropStoredTexts(copy, day('2026-11-21'), { gratitudeOne: 'Snow' })).toBe(copy);
  });

  it('reads back what it wrote', () => {
    const copy = keepTexts({}, day('2026-11-22'), { gratitudeOne: { text: 'Snow', over: ['', 'Sn'] }, gratitudeThree: { text: '' } });
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
    expect(parseUnsavedJournalTexts(mixed)).toEqual({ '2026-11-22': { gratitudeOne: { text: 'Snow' } } });
    const badOver = JSON.stringify({ '2026-11-22': { gratitudeOne: { text: 'Snow', over: [3] } }, '2026-11-21': { gratitudeOne: { text: 'Rain' } } });
    expect(parseUnsavedJournalTexts(badOver)).toEqual({ '2026-11-21': { gratitudeOne: { text: 'Rain' } } });
  });

  it('reads a copy kept by an earlier version of the app (the words alone) as words of unknown base', () => {
    const earlier = JSON.stringify({ '2026-11-22': { gratitudeOne: 'Snow' } });
    expect(parseUnsavedJournalTexts(earlier)).toEqual({ '2026-11-22': { gratitudeOne: { text: 'Snow' } } });
  });

  it('remembers only the newest texts the words were typed over', () => {
    const over = Array.from({ length: KEPT_OVER_MAX + 5 }, (_, i) => `save ${String(i)}`);
    const copy = keepTexts({}, day('2026-11-22'), { gratitudeOne: { text: 'Snow', over } });
    expect(copy[day('2026-11-22')]?.gratitudeOne?.over).toEqual(over.slice(-KEPT_OVER_MAX));
    expect(parseUnsavedJournalTexts(JSON.stringify({ '2026-11-22': { gratitudeOne: { text: 'Snow', over } } }))[day('2026-11-22')]?.gratitudeOne?.over).toHaveLength(KEPT_OVER_MAX);
  });
});

describe('what became of kept words', () => {
  it('are stored when the store holds them, whatever they were typed over', () => {
    expect(keptWordsFate({ text: 'Snow', over: ['Rain'] }, 'Snow')).toBe('stored');
    expect(keptWordsFate({ text: 'Snow' }, 'Snow')).toBe('stored');
  });

  it('were lost on the way when the store still holds a text they were typed over', () => {
    expect(keptWordsFate({ text: 'Snowfall', over: ['', 'Snow'] }, '')).toBe('unstored');
    // An earlier save of the page's own came in, the last one did not.
    expect(keptWordsFate({ text: 'Snowfall', over: ['', 'Snow'] }, 'Snow')).toBe('unstored');
  });

  it('were replaced by a later write when the store holds a text the page never knew of', () => {
    expect(keptWordsFate({ text: 'Snowfall', over: ['', 'Snow'] }, 'Rain on the window')).toBe('superseded');
  });

  it('of an earlier copy, without a base, go in as before', () => {
    expect(keptWordsFate({ text: 'Snow' }, 'Rain on the window')).toBe('unstored');
  });

  it('sorts a day’s kept words by their fate', () => {
    const kept = { gratitudeOne: { text: 'Snow', over: [''] }, gratitudeTwo: { text: 'Tea', over: [''] }, gratitudeThree: { text: 'Walk', over: [''] } };
    const stored = { gratitudeOne: 'Snow', gratitudeTwo: '', gratitudeThree: 'Run' };
    expect(keptTextsWhose(kept, stored, 'stored')).toEqual({ gratitudeOne: 'Snow' });
    expect(keptTextsWhose(kept, stored, 'unstored')).toEqual({ gratitudeTwo: 'Tea' });
    expect(keptTextsWhose(kept, stored, 'superseded')).toEqual({ gratitudeThree: 'Walk' });
  });
});
