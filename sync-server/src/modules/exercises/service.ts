import { calendarDayInZone, daysInMonth, latestDayOnEarth, type CalendarDay, type DayParts } from '#core/dates/calendar-day';
import { usableTimeZone } from '#core/dates/zone-time';
import { checkBirthday } from '#core/life/birthday-picker';
import type {
  DatedExerciseRecord,
  ExerciseRecord,
  ExerciseVersionsResponse,
} from '#core/schemas/exercise-calls';
import { EMPTY_EXERCISE, exerciseFieldsSchema, type ExerciseFields, type JournalTextField } from '#core/schemas/records';
import { hlcNode } from '#core/sync/hlc';
import { earlierVersions, type KeptText } from '#core/sync/merge';
import { SINGLETON_KEY } from '#core/sync/protocol';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { isDeleted, withoutDeleted, type StoredRecord } from '../sync/record-columns.ts';
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
  if (record === null || isDeleted(record.state)) return EMPTY_EXERCISE;
  return { ...EMPTY_EXERCISE, ...exerciseFieldsSchema.partial().parse(withoutDeleted(record.state.values)) };
}

export async function getExercise(sql: Sql, userId: string, day: CalendarDay): Promise<ExerciseRecord> {
  return exerciseOf(await readRecord(sql, userId, 'exercises', day));
}

/** The days of `month` ('YYYY-MM'), or of the current month in the person's zone. */
export async function getMonthExercises(
  sql: Sql,
  userId: string,
  month: string | undefined,
  clock: Clock,
): Promise<DatedExerciseRecord[]> {
  const chosen = month ?? calendarDayInZone(new Date(clock()), usableTimeZone(await readZone(sql, userId))).slice(0, 7);
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

/**
 * Stores a birthday (month 1-12) that exists and is not in the future. The person's zone is not
 * known here, so the future starts after the newest day anywhere on Earth.
 */
export async function updateBirthday(sql: Sql, userId: string, parts: DayParts, clock: Clock): Promise<CalendarDay> {
  const check = checkBirthday(parts, latestDayOnEarth(clock()));
  if (!check.ok && check.error === 'invalid-date') {
    throw new ApiError('INVALID_REQUEST', 'That day does not exist.', { issues: [{ path: ['day'], message: 'That day does not exist' }] });
  }
  if (!check.ok) {
    throw new ApiError('INVALID_REQUEST', 'A birthday cannot be in the future.', {
      issues: [{ path: ['year'], message: 'A birthday cannot be in the future' }],
    });
  }
  await writeAsServer(sql, userId, 'profiles', SINGLETON_KEY, { birthday: check.birthday }, clock);
  return check.birthday;
}

/** The journal texts of a day that other devices wrote and that differ from the current ones. */
export async function exerciseVersions(sql: Sql, userId: string, day: CalendarDay): Promise<ExerciseVersionsResponse> {
  const [record, kept] = await Promise.all([readRecord(sql, userId, 'exercises', day), keptTextsOf(sql, userId, day)]);
  const live = record !== null && !isDeleted(record.state);
  const versions = (field: JournalTextField): KeptText[] => {
    // The kept texts leave out the current one (it is in the record); put it back as its device's.
    const clock = record?.state.clocks[field];
    const text = record?.state.values[field];
    const node = clock === undefined ? undefined : hlcNode(clock);
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
