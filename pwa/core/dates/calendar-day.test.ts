import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  parseCalendarDay,
  calendarDayInZone,
  formatLongDay,
  formatMediumDay,
} from '#core/dates/calendar-day';

describe('calendar days', () => {
  it('rejects impossible days and accepts leap days only in leap years', () => {
    expect(parseCalendarDay('2026-02-30')).toBeNull();
    expect(parseCalendarDay('2023-02-29')).toBeNull();
    expect(parseCalendarDay('2024-02-29')).toBe('2024-02-29');
    expect(parseCalendarDay('2100-02-29')).toBeNull();
    expect(parseCalendarDay('2000-02-29')).toBe('2000-02-29');
    expect(parseCalendarDay('garbage')).toBeNull();
    expect(parseCalendarDay('2026-1-01')).toBeNull();
  });

  it('counts whole days across a daylight-saving change and a year end', () => {
    const march = parseCalendarDay('2026-03-07');
    const afterDst = parseCalendarDay('2026-03-09');
    if (!march || !afterDst) throw new Error('fixture');
    expect(daysBetween(march, afterDst)).toBe(2);
    const dec31 = parseCalendarDay('2026-12-31');
    if (!dec31) throw new Error('fixture');
    expect(addDays(dec31, 1)).toBe('2027-01-01');
    expect(daysBetween(dec31, addDays(dec31, -365))).toBe(-365);
  });

  it('takes the calendar day of an instant in the given zone', () => {
    const instant = new Date('2026-11-22T03:00:00Z');
    expect(calendarDayInZone(instant, 'UTC')).toBe('2026-11-22');
    expect(calendarDayInZone(instant, 'America/New_York')).toBe('2026-11-21');
    expect(calendarDayInZone(instant, 'Asia/Tokyo')).toBe('2026-11-22');
  });

  it('writes a day out in English', () => {
    const day = parseCalendarDay('2026-12-25');
    if (!day) throw new Error('fixture');
    expect(formatLongDay(day)).toBe('Friday, December 25, 2026');
    expect(formatMediumDay(day)).toBe('Dec 25, 2026');
  });
});
