import { describe, expect, it } from 'vitest';
import { day } from '../dates/test-days';
import {
  LIFE_WEEKS,
  WEEKS_PER_ROW,
  ageOn,
  isOnChart,
  lifeWeek,
  parseLifeParam,
  summarizeLife,
  weeksBetween,
} from './life-weeks';
import { findMilestone } from './milestones';

describe('the length of a life', () => {
  it('is 91 rows of 52 weeks', () => {
    expect(LIFE_WEEKS).toBe(4732);
  });
});

describe('weeksBetween', () => {
  it.each([
    ['2000-01-01', '2000-01-01', 0],
    ['2000-01-01', '2000-01-07', 0],
    ['2000-01-01', '2000-01-08', 1],
    // 2000 is a leap year: 366 days = 52 weeks and 2 days.
    ['2000-01-01', '2001-01-01', 52],
    // Across 29 February 2024: 28 Feb -> 6 Mar is 7 days, not 6.
    ['2024-02-28', '2024-03-06', 1],
    ['2023-02-28', '2023-03-06', 0],
    // A leap-day birthday counts from the day itself.
    ['2024-02-29', '2024-03-07', 1],
    ['2024-02-29', '2025-02-28', 52],
    // 2100 is not a leap year.
    ['2100-02-22', '2100-03-01', 1],
    ['1930-01-01', '2026-11-22', 5055],
  ])('from %s to %s is %i whole weeks', (birthday, today, expected) => {
    expect(weeksBetween(day(birthday), day(today))).toBe(expected);
  });

  it('is negative for a birthday still to come', () => {
    expect(weeksBetween(day('2026-11-23'), day('2026-11-22'))).toBe(-1);
  });
});

describe('summarizeLife', () => {
  it('counts weeks left and the week someone is on', () => {
    expect(summarizeLife(1234)).toEqual({ lived: 1234, left: 3498, onWeek: 1235, beyondChart: false });
  });

  it('starts a newborn on week 1 with the whole chart ahead', () => {
    expect(summarizeLife(0)).toEqual({ lived: 0, left: 4732, onWeek: 1, beyondChart: false });
  });

  it('never goes below zero weeks left for someone past 91', () => {
    expect(summarizeLife(4732)).toMatchObject({ left: 0, beyondChart: true });
    expect(summarizeLife(5000)).toMatchObject({ lived: 5000, left: 0, beyondChart: true });
  });
});

describe('parseLifeParam', () => {
  const today = day('2026-11-22');

  it('reads a birthday and counts the weeks lived up to today', () => {
    expect(parseLifeParam('1990-06-15', today)).toEqual({ ok: true, lived: 1901, birthday: '1990-06-15' });
  });

  it('charts someone born today as week 1', () => {
    expect(parseLifeParam('2026-11-22', today)).toEqual({ ok: true, lived: 0, birthday: '2026-11-22' });
  });

  it('reads a whole number as weeks lived', () => {
    expect(parseLifeParam('1500', today)).toEqual({ ok: true, lived: 1500, birthday: null });
    expect(parseLifeParam('0', today)).toEqual({ ok: true, lived: 0, birthday: null });
  });

  it('refuses a birthday after today', () => {
    expect(parseLifeParam('2026-11-23', today)).toEqual({ ok: false, error: 'future' });
  });

  it('refuses addresses that are neither a day nor a count', () => {
    for (const text of ['', 'abc', '1990-02-30', '2023-02-29', '1990-6-15', '-5', '12.5', '1e3']) {
      expect(parseLifeParam(text, today)).toEqual({ ok: false, error: 'malformed' });
    }
  });

  it('refuses a count no life reaches', () => {
    expect(parseLifeParam('10001', today)).toEqual({ ok: false, error: 'too-many-weeks' });
    expect(parseLifeParam('999999999', today)).toEqual({ ok: false, error: 'too-many-weeks' });
  });

  it('accepts a far-past birthday and reports it past the chart', () => {
    const result = parseLifeParam('1900-01-01', today);
    expect(result.ok && summarizeLife(result.lived)).toMatchObject({ left: 0, beyondChart: true });
  });
});

describe('numbering the weeks of a life', () => {
  it.each([
    [0, 0, 0],
    [51, 0, 51],
    [52, 1, 0],
    [2706, 52, 2],
    [4731, 90, 51],
  ])('week %i of life is year %i, week %i, and the year and week add back up to it', (index, year, week) => {
    expect(lifeWeek(index)).toEqual({ weekOfLife: index, year, week });
    expect(year * WEEKS_PER_ROW + week).toBe(index);
  });

  it('numbers a milestone by its weekNum as is, in the same count as its place on the chart', () => {
    const jobsphone = findMilestone('jobsphone');
    expect(jobsphone && lifeWeek(jobsphone.weekNum)).toEqual({ weekOfLife: 2706, year: 52, week: 2 });
  });

  it('knows which indexes are on the chart', () => {
    expect([-1, 0, 4731, 4732, 1.5].map(isOnChart)).toEqual([false, true, true, false, false]);
  });
});

describe('ageOn', () => {
  it.each([
    ['1990-06-15', '2026-06-14', 35],
    ['1990-06-15', '2026-06-15', 36],
    ['2004-02-29', '2025-02-28', 20],
    ['2004-02-29', '2025-03-01', 21],
    ['2004-02-29', '2028-02-29', 24],
  ])('someone born %s is %i on %s', (birthday, on, expected) => {
    expect(ageOn(day(birthday), day(on))).toBe(expected);
  });
});
