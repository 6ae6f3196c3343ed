import { describe, expect, it } from 'vitest';
import { calendarDayInZone } from './calendar-day';
import { daysUntil, splitWeeks, weeksUntil } from './until';
import { day } from './test-days';

describe('daysUntil', () => {
  it.each([
    ['2026-05-01', '2026-05-01', 0],
    ['2026-05-01', '2026-05-02', 1],
    ['2026-05-02', '2026-05-01', -1],
    ['2026-12-31', '2027-01-01', 1],
    ['2026-12-25', '2027-12-25', 365],
    ['2027-12-25', '2028-12-25', 366],
    ['2024-02-28', '2024-03-01', 2],
    ['2023-02-28', '2023-03-01', 1],
    ['2024-02-29', '2025-02-28', 365],
    ['2026-03-07', '2026-03-09', 2],
    ['2026-03-28', '2026-03-30', 2],
    ['2026-10-31', '2026-11-02', 2],
    ['2099-12-31', '2100-03-01', 60],
  ])('from %s to %s is %i', (today, target, expected) => {
    expect(daysUntil(day(today), day(target))).toBe(expected);
  });

  it.each([
    // Late evening in New York before the March change: already the next day in UTC.
    ['2026-03-07T23:30:00-05:00', 'America/New_York', '2026-03-08', 1],
    ['2026-03-08T00:30:00-05:00', 'America/New_York', '2026-03-08', 0],
    // The hour after the spring-forward gap.
    ['2026-03-08T03:30:00-04:00', 'America/New_York', '2026-03-09', 1],
    ['2026-11-01T01:30:00-04:00', 'America/New_York', '2026-11-02', 1],
    ['2026-11-01T01:30:00-05:00', 'America/New_York', '2026-11-02', 1],
    ['2026-03-29T01:30:00+01:00', 'Europe/Berlin', '2026-03-30', 1],
    ['2026-03-29T03:30:00+02:00', 'Europe/Berlin', '2026-03-30', 1],
    ['2026-10-25T02:30:00+02:00', 'Europe/Berlin', '2026-10-26', 1],
    ['2026-10-25T02:30:00+01:00', 'Europe/Berlin', '2026-10-26', 1],
    ['2026-10-25T23:59:00+01:00', 'Europe/Berlin', '2026-10-26', 1],
    ['2026-12-31T23:59:00+01:00', 'Europe/Berlin', '2027-01-01', 1],
  ])('at %s in %s, %s is %i day(s) away', (instant, zone, target, expected) => {
    const today = calendarDayInZone(new Date(instant), zone);
    expect(daysUntil(today, day(target))).toBe(expected);
  });

  it('counts the same day at any time of that day, whatever the zone', () => {
    const target = day('2026-12-25');
    const zones = ['America/New_York', 'Europe/Berlin', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    for (const zone of zones) {
      const counts = new Set<number>();
      for (let hour = 0; hour < 24; hour++) {
        // Sample every hour of three UTC days and keep the instants that fall on 24 December in the zone.
        for (const base of ['2026-12-23', '2026-12-24', '2026-12-25']) {
          const instant = new Date(`${base}T${String(hour).padStart(2, '0')}:15:00Z`);
          if (calendarDayInZone(instant, zone) === '2026-12-24') counts.add(daysUntil(calendarDayInZone(instant, zone), target));
        }
      }
      expect([...counts], zone).toEqual([1]);
    }
  });
});

describe('splitWeeks and weeksUntil', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 1],
    [6, 0, 6],
    [7, 1, 0],
    [17, 2, 3],
    [365, 52, 1],
    [70_000, 10_000, 0],
    [-17, -2, -3],
    [-7, -1, 0],
  ])('%i days are %i weeks and %i days', (total, weeks, days) => {
    expect(splitWeeks(total)).toEqual({ weeks, days });
  });

  it('never produces -0', () => {
    expect(Object.is(splitWeeks(-7).days, 0)).toBe(true);
    expect(Object.is(splitWeeks(-3).weeks, 0)).toBe(true);
  });

  it.each([
    ['2026-05-01', '2026-05-18', { weeks: 2, days: 3 }],
    ['2026-12-20', '2027-01-03', { weeks: 2, days: 0 }],
    ['2028-02-22', '2028-03-01', { weeks: 1, days: 1 }],
    ['2026-09-06', '2026-12-25', { weeks: 15, days: 5 }],
  ])('from %s to %s', (today, target, expected) => {
    expect(weeksUntil(day(today), day(target))).toEqual(expected);
  });
});
