import { calendarDayFromParts, dayToUtcMs, type CalendarDay } from './calendar-day';

/**
 * Wall-clock time in an IANA time zone, from Intl alone (no date library).
 *
 * Instants are epoch milliseconds. A wall time is a calendar day and a minute of that day, read
 * off the zone's clocks. Going from an instant to a wall time is a lookup; going back is not a
 * function: a daylight-saving change skips some wall times (spring forward) and repeats others
 * (fall back), so `instantAtWallTime` says which case it met and what it chose.
 */

const MS_PER_MINUTE = 60_000;
const MS_PER_SECOND = 1000;
const MINUTES_PER_DAY = 1440;
/** Every real zone's offset changes at most once within ±1 day of any wall time we ask about. */
const PROBE_MS = 86_400_000;

export interface WallTime {
  readonly day: CalendarDay;
  /** Minutes after local midnight, 0 … 1439. */
  readonly minutes: number;
}

/**
 * How a wall time maps back to an instant:
 * - 'exact': the clocks show it once;
 * - 'ambiguous': shown twice (the hour repeated at fall back); the first occurrence was taken;
 * - 'skipped': never shown (the hour skipped at spring forward); the first instant after the
 *   gap was taken, which the zone's clocks show as the end of the gap (03:00 for 02:30 in New York).
 */
export type WallTimeResolution = 'exact' | 'ambiguous' | 'skipped';

export interface ResolvedWallTime {
  readonly instant: number;
  readonly resolution: WallTimeResolution;
}

// Building a DateTimeFormat costs far more than formatting with one; reminders and calendars ask
// for the same few zones over and over.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // Throws RangeError for a zone Intl does not know: nothing bad is cached.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // 'h23' rather than hour12: false, which some engines render as hour '24' at midnight.
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows this IANA zone name (check a zone where it is chosen, not where it is used). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone used where a stored zone is missing or one this runtime's Intl does not know. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** A stored zone setting made safe to compute with: the zone itself when Intl knows it, else UTC. */
export function usableTimeZone(zone: string | null | undefined): string {
  return zone != null && isValidTimeZone(zone) ? zone : FALLBACK_TIME_ZONE;
}

interface ZoneFields {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

function zoneFields(instant: number, timeZone: string): ZoneFields {
  const fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type in fields) fields[part.type as keyof ZoneFields] = Number(part.value);
  }
  // Belt and braces for engines that still print midnight as 24 despite 'h23'.
  if (fields.hour === 24) fields.hour = 0;
  return fields;
}

function assertInstant(instant: number): void {
  if (!Number.isFinite(instant)) throw new RangeError(`Not an instant: ${String(instant)}`);
}

function offsetMs(instant: number, timeZone: string): number {
  const f = zoneFields(instant, timeZone);
  // The zone's wall time read as if it were UTC, minus the instant, is the offset. Intl shows whole
  // seconds, so the instant is cut to its second first.
  const wallAsUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return wallAsUtc - Math.floor(instant / MS_PER_SECOND) * MS_PER_SECOND;
}

/**
 * Minutes the zone's clocks are ahead of UTC at an instant: -300 for New York in winter, 330 for
 * Kolkata, 630 for Lord Howe Island in winter. Not always whole for local mean time before ~1900.
 */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  assertInstant(instant);
  return offsetMs(instant, timeZone) / MS_PER_MINUTE;
}

/** The day and minute the zone's clocks show at an instant (seconds dropped). */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  assertInstant(instant);
  const f = zoneFields(instant, timeZone);
  const day = calendarDayFromParts({ year: f.year, month: f.month, day: f.day });
  if (day === null) throw new RangeError(`Instant ${String(instant)} is outside years 1-9999`);
  return { day, minutes: f.hour * 60 + f.minute };
}

function wallOf(instant: number, timeZone: string): number {
  return instant + offsetMs(instant, timeZone);
}

/**
 * The instant at which the zone's clocks show `minutes` after midnight of `day`.
 *
 * Two probes a day either side give the offsets in force before and after any change near the
 * wall time; each offset yields a candidate instant, kept if the zone's clocks really show the
 * wall time there. Two survivors: a repeated hour. None: a skipped hour, whose end is found by
 * bisecting between the candidates for the change of offset.
 */
export function instantAtWallTime(day: CalendarDay, minutes: number, timeZone: string): ResolvedWallTime {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= MINUTES_PER_DAY) {
    throw new RangeError(`Minutes after midnight must be a whole number 0-1439, not ${String(minutes)}`);
  }
  const wall = dayToUtcMs(day) + minutes * MS_PER_MINUTE;
  const offsetBefore = offsetMs(wall - PROBE_MS, timeZone);
  const offsetAfter = offsetMs(wall + PROBE_MS, timeZone);
  const candidates = [...new Set([wall - offsetBefore, wall - offsetAfter])]
    .filter((instant) => wallOf(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  const [first] = candidates;
  if (first !== undefined) {
    return { instant: first, resolution: candidates.length > 1 ? 'ambiguous' : 'exact' };
  }
  return { instant: endOfGap(wall - offsetAfter, wall - offsetBefore, timeZone), resolution: 'skipped' };
}

/**
 * The first whole second in (low, high] whose offset differs from the offset at `low`: the instant
 * clocks jump forward. Zones change offset on whole seconds, so a search by seconds is exact.
 */
function endOfGap(low: number, high: number, timeZone: string): number {
  const offsetAtLow = offsetMs(low, timeZone);
  let lo = Math.floor(low / MS_PER_SECOND);
  let hi = Math.ceil(high / MS_PER_SECOND);
  if (lo >= hi) return high;
  // Invariant: the offset at second `lo` is the old one and the offset at `hi` is not, or `hi` ends the range.
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (offsetMs(mid * MS_PER_SECOND, timeZone) === offsetAtLow) lo = mid;
    else hi = mid;
  }
  return hi * MS_PER_SECOND;
}
