import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDayFromParts, dayToUtcMs, daysInMonth, type CalendarDay } from './calendar-day';
import { day } from './test-days';
import { instantAtWallTime, isValidTimeZone, usableTimeZone, wallTimeAt, zoneOffsetMinutes } from './zone-time';

const at = (iso: string): number => Date.parse(iso);

describe('zoneOffsetMinutes', () => {
  it.each([
    ['UTC', '2026-01-15T12:00:00Z', 0],
    ['America/New_York', '2026-01-15T12:00:00Z', -300],
    ['America/New_York', '2026-07-15T12:00:00Z', -240],
    ['Europe/Berlin', '2026-01-15T12:00:00Z', 60],
    ['Europe/Berlin', '2026-07-15T12:00:00Z', 120],
    ['Asia/Kolkata', '2026-01-15T12:00:00Z', 330],
    ['Asia/Kolkata', '2026-07-15T12:00:00Z', 330],
    // Lord Howe Island moves its clocks by half an hour: +10:30 in winter, +11 in summer.
    ['Australia/Lord_Howe', '2026-07-15T12:00:00Z', 630],
    ['Australia/Lord_Howe', '2026-01-15T12:00:00Z', 660],
    ['Asia/Kathmandu', '2026-01-15T12:00:00Z', 345],
  ])('%s at %s is %i', (zone, instant, expected) => {
    expect(zoneOffsetMinutes(at(instant), zone)).toBe(expected);
  });

  it.each([
    // The second before and the second of each change.
    ['America/New_York', '2026-03-08T06:59:59Z', -300],
    ['America/New_York', '2026-03-08T07:00:00Z', -240],
    ['America/New_York', '2026-11-01T05:59:59Z', -240],
    ['America/New_York', '2026-11-01T06:00:00Z', -300],
    ['Europe/Berlin', '2026-03-29T00:59:59Z', 60],
    ['Europe/Berlin', '2026-03-29T01:00:00Z', 120],
    ['Europe/Berlin', '2026-10-25T00:59:59Z', 120],
    ['Europe/Berlin', '2026-10-25T01:00:00Z', 60],
    ['Australia/Lord_Howe', '2026-04-04T14:59:59Z', 660],
    ['Australia/Lord_Howe', '2026-04-04T15:00:00Z', 630],
    ['Australia/Lord_Howe', '2026-10-03T15:29:59Z', 630],
    ['Australia/Lord_Howe', '2026-10-03T15:30:00Z', 660],
  ])('changes exactly at the transition: %s at %s is %i', (zone, instant, expected) => {
    expect(zoneOffsetMinutes(at(instant), zone)).toBe(expected);
  });

  it('ignores milliseconds and works before 1970', () => {
    expect(zoneOffsetMinutes(at('2026-07-15T12:00:00.999Z'), 'Europe/Berlin')).toBe(120);
    expect(zoneOffsetMinutes(at('1960-07-15T12:00:00.5Z'), 'America/New_York')).toBe(-240);
  });

  it('throws RangeError for an unknown zone or a non-instant', () => {
    expect(() => zoneOffsetMinutes(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => zoneOffsetMinutes(Number.NaN, 'UTC')).toThrow(RangeError);
  });
});

describe('isValidTimeZone', () => {
  it.each([
    ['Europe/Berlin', true],
    ['UTC', true],
    ['Australia/Lord_Howe', true],
    ['Mars/Olympus_Mons', false],
    ['', false],
  ])('%s: %s', (zone, expected) => {
    expect(isValidTimeZone(zone)).toBe(expected);
  });
});

describe('usableTimeZone', () => {
  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['Pacific/Kiritimati', 'Pacific/Kiritimati'],
    ['Mars/Olympus_Mons', 'UTC'],
    ['', 'UTC'],
    [null, 'UTC'],
    [undefined, 'UTC'],
  ])('%s: %s', (zone, expected) => {
    expect(usableTimeZone(zone)).toBe(expected);
  });
});

describe('wallTimeAt', () => {
  it.each([
    ['2026-11-22T03:00:00Z', 'America/New_York', '2026-11-21', 22 * 60],
    ['2026-11-22T03:00:00Z', 'Asia/Kolkata', '2026-11-22', 8 * 60 + 30],
    ['2026-12-31T23:59:59Z', 'UTC', '2026-12-31', 1439],
    ['2026-12-31T23:00:00Z', 'Europe/Berlin', '2027-01-01', 0],
    // The repeated hour reads the same both times.
    ['2026-11-01T05:45:00Z', 'America/New_York', '2026-11-01', 105],
    ['2026-11-01T06:45:00Z', 'America/New_York', '2026-11-01', 105],
  ])('%s in %s is %s at minute %i', (instant, zone, expectedDay, minutes) => {
    expect(wallTimeAt(at(instant), zone)).toEqual({ day: expectedDay, minutes });
  });
});

describe('instantAtWallTime', () => {
  it.each([
    // Ordinary days.
    ['2026-06-01', 8 * 60, 'America/New_York', '2026-06-01T12:00:00.000Z', 'exact'],
    ['2026-01-01', 0, 'Asia/Kolkata', '2025-12-31T18:30:00.000Z', 'exact'],
    ['2026-07-01', 20 * 60, 'Australia/Lord_Howe', '2026-07-01T09:30:00.000Z', 'exact'],
    // Spring forward: the skipped time comes out as the first instant after the gap.
    ['2026-03-08', 150, 'America/New_York', '2026-03-08T07:00:00.000Z', 'skipped'],
    ['2026-03-08', 120, 'America/New_York', '2026-03-08T07:00:00.000Z', 'skipped'],
    ['2026-03-08', 180, 'America/New_York', '2026-03-08T07:00:00.000Z', 'exact'],
    ['2026-03-08', 119, 'America/New_York', '2026-03-08T06:59:00.000Z', 'exact'],
    ['2026-03-29', 150, 'Europe/Berlin', '2026-03-29T01:00:00.000Z', 'skipped'],
    ['2026-10-04', 135, 'Australia/Lord_Howe', '2026-10-03T15:30:00.000Z', 'skipped'],
    // Fall back: the repeated time comes out as its first occurrence.
    ['2026-11-01', 90, 'America/New_York', '2026-11-01T05:30:00.000Z', 'ambiguous'],
    ['2026-11-01', 60, 'America/New_York', '2026-11-01T05:00:00.000Z', 'ambiguous'],
    ['2026-11-01', 120, 'America/New_York', '2026-11-01T07:00:00.000Z', 'exact'],
    ['2026-10-25', 150, 'Europe/Berlin', '2026-10-25T00:30:00.000Z', 'ambiguous'],
    ['2026-04-05', 105, 'Australia/Lord_Howe', '2026-04-04T14:45:00.000Z', 'ambiguous'],
    // Samoa skipped 30 December 2011 entirely when it crossed the date line.
    ['2011-12-30', 600, 'Pacific/Apia', '2011-12-30T10:00:00.000Z', 'skipped'],
  ])('%s at minute %i in %s is %s (%s)', (wallDay, minutes, zone, expected, resolution) => {
    expect(instantAtWallTime(day(wallDay), minutes, zone)).toEqual({ instant: at(expected), resolution });
  });

  it('refuses minutes outside a day', () => {
    expect(() => instantAtWallTime(day('2026-01-01'), 1440, 'UTC')).toThrow(RangeError);
    expect(() => instantAtWallTime(day('2026-01-01'), -1, 'UTC')).toThrow(RangeError);
    expect(() => instantAtWallTime(day('2026-01-01'), 1.5, 'UTC')).toThrow(RangeError);
  });
});

// Zones chosen for their oddities: half- and three-quarter-hour offsets, half-hour daylight saving,
// southern-hemisphere summers, Ireland's "negative" summer time in the zone data, DST suspended for
// Ramadan, and offsets changed outright.
const ZONES = [
  'UTC',
  'America/New_York',
  'America/St_Johns',
  'America/Santiago',
  'America/Sao_Paulo',
  'Europe/Berlin',
  'Europe/Dublin',
  'Europe/Moscow',
  'Africa/Casablanca',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Tehran',
  'Australia/Lord_Howe',
  'Australia/Adelaide',
  'Pacific/Chatham',
  'Pacific/Apia',
] as const;

const MINUTE = 60_000;
const DAY = 86_400_000;

const WEEK = 7 * DAY;

/**
 * Changes of offset in 2011-2027, found independently of the code under test: a weekly scan for a
 * change, then bisection to the second. Uniformly drawn instants almost never land near a change,
 * so the properties also draw instants within three hours of one.
 */
function transitions(timeZone: string): number[] {
  const found: number[] = [];
  for (let t = Date.parse('2011-01-01T00:00:00Z'); t < Date.parse('2028-01-01T00:00:00Z'); t += WEEK) {
    const before = zoneOffsetMinutes(t, timeZone);
    if (zoneOffsetMinutes(t + WEEK, timeZone) === before) continue;
    let lo = t / 1000;
    let hi = (t + WEEK) / 1000;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (zoneOffsetMinutes(mid * 1000, timeZone) === before) lo = mid;
      else hi = mid;
    }
    found.push(hi * 1000);
  }
  return found;
}

const zoneWithTransitions = ZONES.map((timeZone) => ({ timeZone, changes: transitions(timeZone) }));

const uniformInstant = fc
  .integer({ min: Date.parse('1971-01-01T00:00:00Z') / MINUTE, max: Date.parse('2037-12-31T00:00:00Z') / MINUTE })
  .map((m) => m * MINUTE);

/** A zone and an instant, half the time within three hours of one of the zone's changes. */
const zoneAndInstant = fc.constantFrom(...zoneWithTransitions).chain(({ timeZone, changes }) =>
  fc.tuple(
    fc.constant(timeZone),
    changes.length === 0
      ? uniformInstant
      : fc.oneof(
          uniformInstant,
          fc.tuple(fc.constantFrom(...changes), fc.integer({ min: -180, max: 180 })).map(([change, m]) => change + m * MINUTE),
        ),
  ),
);

/** A zone and a wall time, drawn as the wall time some instant shows, or anywhere in the calendar. */
const zoneAndWallTime = fc.oneof(
  zoneAndInstant.map(([timeZone, t]) => {
    // Shifting by up to an hour either way reaches the wall times a gap skipped.
    const wall = wallTimeAt(t, timeZone);
    return { timeZone, day: wall.day, minutes: wall.minutes };
  }),
  zoneAndInstant.chain(([timeZone, t]) =>
    fc.integer({ min: -90, max: 90 }).map((shift) => {
      const wall = wallTimeAt(t, timeZone);
      const minutes = Math.min(1439, Math.max(0, wall.minutes + shift));
      return { timeZone, day: wall.day, minutes };
    }),
  ),
  fc
    .record({
      timeZone: fc.constantFrom(...ZONES),
      year: fc.integer({ min: 1971, max: 2037 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
      minutes: fc.integer({ min: 0, max: 1439 }),
    })
    .map(({ timeZone, year, month, day: d, minutes }) => ({
      timeZone,
      day: calendarDayFromParts({ year, month, day: Math.min(d, daysInMonth(year, month)) }) as CalendarDay,
      minutes,
    })),
);

function wallMs(instantMs: number, timeZone: string): number {
  return instantMs + zoneOffsetMinutes(instantMs, timeZone) * MINUTE;
}

describe('properties of wall time in a zone', () => {
  it('draws skipped, repeated and ordinary wall times alike', () => {
    const seen = new Set(
      fc.sample(zoneAndWallTime, { numRuns: 2000, seed: 1 }).map((w) => instantAtWallTime(w.day, w.minutes, w.timeZone).resolution),
    );
    expect(seen).toEqual(new Set(['exact', 'skipped', 'ambiguous']));
  });

  it('reads back a wall time the clocks showed as its first occurrence', () => {
    fc.assert(
      fc.property(zoneAndInstant, ([timeZone, t]) => {
        const wall = wallTimeAt(t, timeZone);
        const back = instantAtWallTime(wall.day, wall.minutes, timeZone);
        expect(back.resolution).not.toBe('skipped');
        expect(wallTimeAt(back.instant, timeZone)).toEqual(wall);
        expect(back.instant).toBeLessThanOrEqual(t);
        if (back.resolution === 'exact') expect(back.instant).toBe(t);
      }),
      { numRuns: 500 },
    );
  });

  it('maps every wall time to an instant showing it, or to the end of the gap that skipped it', () => {
    fc.assert(
      fc.property(zoneAndWallTime, ({ timeZone, day: d, minutes }) => {
        const { instant: t, resolution } = instantAtWallTime(d, minutes, timeZone);
        if (resolution !== 'skipped') {
          expect(wallTimeAt(t, timeZone)).toEqual({ day: d, minutes });
          return;
        }
        const wanted = dayToUtcMs(d) + minutes * MINUTE;
        // The clocks jumped at `t`: just before they showed less than the wanted time, at `t` more.
        expect(zoneOffsetMinutes(t - 1000, timeZone)).toBeLessThan(zoneOffsetMinutes(t, timeZone));
        expect(wallMs(t - 1000, timeZone)).toBeLessThan(wanted);
        expect(wallMs(t, timeZone)).toBeGreaterThan(wanted);
      }),
      { numRuns: 500 },
    );
  });

  it('takes the earliest instant when a wall time repeats', () => {
    fc.assert(
      fc.property(zoneAndWallTime, ({ timeZone, day: d, minutes }) => {
        const { instant: t, resolution } = instantAtWallTime(d, minutes, timeZone);
        if (resolution !== 'ambiguous') return;
        // Some later instant shows the same wall time; none earlier within a day does.
        const later = [30, 60, 90, 120].some((m) => {
          const w = wallTimeAt(t + m * MINUTE, timeZone);
          return w.day === d && w.minutes === minutes;
        });
        expect(later).toBe(true);
        for (let m = 1; m <= 180; m += 1) {
          const w = wallTimeAt(t - m * MINUTE, timeZone);
          expect(w.day === d && w.minutes === minutes).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
