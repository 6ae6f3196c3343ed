import { describe, expect, it } from 'vitest';
import { calendarDaySchema } from './calendar-day-schema';
import { parseUntilDate } from './until-form';
import { day } from './test-days';

const today = day('2026-05-01');

describe('calendarDaySchema', () => {
  it('accepts a real day and rejects an impossible one with a code', () => {
    expect(calendarDaySchema.parse('2028-02-29')).toBe('2028-02-29');
    const result = calendarDaySchema.safeParse('2026-02-30');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['not-a-day']);
  });
});

describe('parseUntilDate', () => {
  it.each([
    ['2026-05-01', { ok: true, day: '2026-05-01' }],
    ['2026-12-25', { ok: true, day: '2026-12-25' }],
    ['', { ok: false, issue: 'required' }],
    ['   ', { ok: false, issue: 'required' }],
    ['2026-04-30', { ok: false, issue: 'past' }],
    ['2026-02-30', { ok: false, issue: 'not-a-day' }],
    ['12/25/2026', { ok: false, issue: 'not-a-day' }],
  ])('reads %j', (text, expected) => {
    expect(parseUntilDate(text, today)).toEqual(expected);
  });
});
