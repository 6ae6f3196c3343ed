import { describe, expect, it } from 'vitest';
import { day } from '../dates/test-days';
import { byDate, hasGratitudeText, journalEntry } from './journal-entry';

describe('journalEntry', () => {
  it('reads the fields a record never had as their defaults', () => {
    expect(journalEntry(day('2026-03-01'), { mortality: true })).toEqual({
      date: '2026-03-01',
      mortality: true,
      gratitude: false,
      gratitudeOne: '',
      gratitudeTwo: '',
      gratitudeThree: '',
    });
  });

  it('keeps only the journal fields of what it is given', () => {
    const stored = { gratitudeTwo: 'rain', extra: 'not a journal field' };
    expect(Object.keys(journalEntry(day('2026-03-01'), stored)).sort()).toEqual(
      ['date', 'gratitude', 'gratitudeOne', 'gratitudeThree', 'gratitudeTwo', 'mortality'],
    );
  });
});

describe('hasGratitudeText', () => {
  it.each([
    [{ gratitudeOne: '', gratitudeTwo: '', gratitudeThree: '' }, false],
    [{ gratitudeOne: ' \n\t', gratitudeTwo: '', gratitudeThree: '' }, false],
    [{ gratitudeOne: '', gratitudeTwo: '', gratitudeThree: 'tea' }, true],
  ])('%j: %s', (texts, expected) => {
    expect(hasGratitudeText(texts)).toBe(expected);
  });
});

describe('byDate', () => {
  it('orders entries oldest first, across years', () => {
    const dates = ['2027-01-01', '2026-12-31', '2026-02-01'].map((d) => ({ date: day(d) }));
    expect(dates.sort(byDate).map((e) => e.date)).toEqual(['2026-02-01', '2026-12-31', '2027-01-01']);
  });
});
