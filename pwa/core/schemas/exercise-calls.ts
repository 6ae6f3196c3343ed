import { z } from 'zod';
import { calendarDayFromParts, MS_PER_DAY, parseCalendarDay, type CalendarDay } from '../dates/calendar-day';
import { calendarDaySchema, JOURNAL_TEXT_MAX } from './records';

/**
 * The record calls the specification names (section 7), kept as HTTP endpoints over the same
 * records the sync protocol carries: getExercise, getMonthExercises, updateExercise and
 * updateBirthday. One schema per request and answer, used by the server and by any caller.
 */

const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The calendar day a record call names. 'YYYY-MM-DD' is the day itself. The first app version
 * sent "today at midnight" as an ISO timestamp: with an explicit offset the date written is the
 * local day; in UTC ('Z') it is local midnight moved to UTC, up to 12 h before or after UTC
 * midnight of the day meant, so the nearest UTC midnight is taken (a plain date cut would give
 * the previous day everywhere east of Greenwich). Zones beyond UTC+12 get the day before.
 */
export function recordDayOf(text: string): CalendarDay | null {
  const plain = parseCalendarDay(text);
  if (plain !== null) return plain;
  const match = ISO_TIMESTAMP.exec(text);
  const written = match?.[1] === undefined ? null : parseCalendarDay(match[1]);
  if (match === null || written === null) return null;
  if (match[2] !== 'Z') return written;
  const instant = Date.parse(text);
  if (Number.isNaN(instant)) return null;
  const nearestMidnight = new Date(Math.round(instant / MS_PER_DAY) * MS_PER_DAY);
  return calendarDayFromParts({
    year: nearestMidnight.getUTCFullYear(),
    month: nearestMidnight.getUTCMonth() + 1,
    day: nearestMidnight.getUTCDate(),
  });
}

export const recordDaySchema = z
  .string()
  .max(40)
  .transform((text, context) => {
    const day = recordDayOf(text);
    if (day === null) {
      context.addIssue({ code: 'custom', message: 'Expected a day as YYYY-MM-DD (or an ISO timestamp)' });
      return z.NEVER;
    }
    return day;
  });

/** A day's practice as the record calls answer it: every field, defaults where never written. */
export const exerciseRecordSchema = z.object({
  mortality: z.boolean(),
  gratitude: z.boolean(),
  gratitudeOne: z.string(),
  gratitudeTwo: z.string(),
  gratitudeThree: z.string(),
});
export type ExerciseRecord = z.infer<typeof exerciseRecordSchema>;

export const datedExerciseRecordSchema = exerciseRecordSchema.extend({ date: calendarDaySchema });
export type DatedExerciseRecord = z.infer<typeof datedExerciseRecordSchema>;

export const getExerciseRequestSchema = z.object({ date: recordDaySchema });
export const getExerciseResponseSchema = exerciseRecordSchema;

/** 'YYYY-MM', of the years a calendar day can have (0001 to 9999). */
export const monthSchema = z
  .string()
  .refine((text) => /^\d{4}-\d{2}$/.test(text) && parseCalendarDay(`${text}-01`) !== null, 'Expected a month as YYYY-MM, from 0001-01 to 9999-12');

/** `{}` asks for the current month (in the person's zone); `month` for another one. */
export const getMonthExercisesRequestSchema = z.object({ month: monthSchema.optional() });
export const getMonthExercisesResponseSchema = z.object({ message: z.array(datedExerciseRecordSchema) });

const journalText = z.string().max(JOURNAL_TEXT_MAX);
const EXERCISE_FIELD_NAMES = ['mortality', 'gratitude', 'gratitudeOne', 'gratitudeTwo', 'gratitudeThree'] as const;

/** `{date, mortality: true}` on starting the mortality exercise, or the gratitude fields on Done. */
export const updateExerciseRequestSchema = z
  .object({
    date: recordDaySchema,
    mortality: z.boolean().optional(),
    gratitude: z.boolean().optional(),
    gratitudeOne: journalText.optional(),
    gratitudeTwo: journalText.optional(),
    gratitudeThree: journalText.optional(),
  })
  .refine(
    (request) => EXERCISE_FIELD_NAMES.some((field) => request[field] !== undefined),
    { message: 'Name at least one field to update' },
  );
export const updateExerciseResponseSchema = datedExerciseRecordSchema;

/** A whole number, also as the digits a form's select sends. */
const wholeNumber = z.union([z.number(), z.string().regex(/^\d{1,4}$/).transform(Number)]).pipe(z.number().int());

/** Month 1-12 (January is 1); the day must exist in that month and year. */
export const updateBirthdayRequestSchema = z
  .object({
    month: wholeNumber.pipe(z.number().min(1).max(12)),
    day: wholeNumber.pipe(z.number().min(1).max(31)),
    year: wholeNumber.pipe(z.number().min(1900).max(9999)),
  })
  .refine((parts) => calendarDayFromParts(parts) !== null, { message: 'That day does not exist', path: ['day'] });
export const updateBirthdayResponseSchema = z.object({ birthday: calendarDaySchema });

/** A journal text another device wrote for the same day and field (see GET /api/exercises/:day/versions). */
export const keptTextSchema = z.object({ node: z.string(), hlc: z.string(), text: z.string() });

export const exerciseVersionsResponseSchema = z.object({
  day: calendarDaySchema,
  /** Per journal field, newest first: texts other devices wrote that differ from the current one. */
  fields: z.object({
    gratitudeOne: z.array(keptTextSchema),
    gratitudeTwo: z.array(keptTextSchema),
    gratitudeThree: z.array(keptTextSchema),
  }),
});
export type ExerciseVersionsResponse = z.infer<typeof exerciseVersionsResponseSchema>;
