import { calendarDayFromParts, calendarDayInZone, daysInMonth, type CalendarDay } from '#core/dates/calendar-day';
import type {
  DatedExerciseRecord,
  ExerciseRecord,
  ExerciseVersionsResponse,
} from '#core/schemas/exercise-calls';
import { EMPTY_EXERCISE, exerciseFieldsSchema, type ExerciseFields, type JournalTextField } from '#core/schemas/records';
import { parseHlc } from '#core/sync/hlc';
import { earlierVersions, type KeptText } from '#core/sync/merge';
import { SINGLETON_KEY } from '#core/sync/protocol';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { DELETED_FIELD, withoutDeleted, type StoredRecord } from '../sync/record-columns.ts';
import { keptTextsOf } from '../sync/kept-texts-service.ts';
import type { Clock } from '../sync/record-writes.ts';
import { readRecord, writeAsServer } from '../sync/server-writes-service.ts';
import { readDays, readZone } from './repo.ts';

/**
 * The record calls of the specification and the versions of a day's journal, over the synced
 * records: reads come from the same rows a pull reports, writes go through the sync service's
 * merge with a server clock, so every device pulls them.
 */

/** Every field of a day's practice; a day never written (or deleted) reads as the defaults. */
function exerciseOf(record: StoredRecord | null): ExerciseFields {
  if (record === null || record.state.values[DELETED_FIELD] === true) return EMPTY_EXERCISE;
  return { ...EMPTY_EXERCISE, ...exerciseFieldsSchema.partial().parse(withoutDeleted(record.state.values)) };
}

export async function getExercise(sql: Sql, userId: string, day: CalendarDay): Promise<ExerciseRecord> {
  return exerciseOf(await readRecord(sql, userId, 'exercises', day));
}

/** A zone Intl knows, or UTC. */
function usableZone(zone: string | null): string {
  if (zone === null) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** The days of `month` ('YYYY-MM'), or of the current month in the person's zone. */
export async function getMonthExercises(
  sql: Sql,
  userId: string,
  month: string | undefined,
  clock: Clock,
): Promise<DatedExerciseRecord[]> {
  const chosen = month ?? calendarDayInZone(new Date(clock()), usableZone(await readZone(sql, userId))).slice(0, 7);
  const year = Number(chosen.slice(0, 4));
  const monthNumber = Number(chosen.slice(5, 7));
  const last = String(daysInMonth(year, monthNumber)).padStart(2, '0');
  return readDays(sql, userId, `${chosen}-01`, `${chosen}-${last}`);
}

export async function updateExercise(
  sql: Sql,
  userId: string,
  day: CalendarDay,
  fields: Partial<ExerciseFields>,
  clock: Clock,
): Promise<DatedExerciseRecord> {
  const record = await writeAsServer(sql, userId, 'exercises', day, fields, clock);
  return { date: day, ...exerciseOf(record) };
}

export interface BirthdayParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The latest calendar day anywhere on Earth (UTC+14) at `now`. */
function latestToday(now: number): CalendarDay {
  return calendarDayInZone(new Date(now + 14 * 60 * 60 * 1000), 'UTC');
}

/** Stores a birthday (month 1-12) that exists and is not in the future. */
export async function updateBirthday(sql: Sql, userId: string, parts: BirthdayParts, clock: Clock): Promise<CalendarDay> {
  const now = clock();
  const birthday = calendarDayFromParts(parts);
  if (birthday === null) {
    throw new ApiError('INVALID_REQUEST', 'That day does not exist.', { issues: [{ path: ['day'], message: 'That day does not exist' }] });
  }
  if (birthday > latestToday(now)) {
    throw new ApiError('INVALID_REQUEST', 'A birthday cannot be in the future.', {
      issues: [{ path: ['year'], message: 'A birthday cannot be in the future' }],
    });
  }
  await writeAsServer(sql, userId, 'profiles', SINGLETON_KEY, { birthday }, clock);
  return birthday;
}

/** The journal texts of a day that other devices wrote and that differ from the current ones. */
export async function exerciseVersions(sql: Sql, userId: string, day: CalendarDay): Promise<ExerciseVersionsResponse> {
  const [record, kept] = await Promise.all([readRecord(sql, userId, 'exercises', day), keptTextsOf(sql, userId, day)]);
  const live = record !== null && record.state.values[DELETED_FIELD] !== true;
  const versions = (field: JournalTextField): KeptText[] => {
    // The kept texts leave out the current one (it is in the record); put it back as its device's.
    const clock = record?.state.clocks[field];
    const text = record?.state.values[field];
    const node = clock === undefined ? undefined : parseHlc(clock)?.node;
    const all = [...(kept.get(field) ?? [])];
    if (clock !== undefined && node !== undefined && typeof text === 'string') all.push({ node, hlc: clock, text });
    // A deleted day has no current text: every text written for it is an earlier version.
    return earlierVersions(all, live && typeof text === 'string' ? { text, hlc: clock } : { text: '', hlc: undefined });
  };
  return {
    day,
    fields: { gratitudeOne: versions('gratitudeOne'), gratitudeTwo: versions('gratitudeTwo'), gratitudeThree: versions('gratitudeThree') },
  };
}
