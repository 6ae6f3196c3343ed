import { z } from 'zod';
import { parseCalendarDay } from '../dates/calendar-day';
import { FALLBACK_TIME_ZONE } from '../dates/zone-time';
import { DEFAULT_DONE_RULE, doneRuleSchema } from '../practice/streaks';

/** Schemas of the records a signed-in person owns, as the app and the sync protocol carry them. */

export const calendarDaySchema = z.string().refine((text) => parseCalendarDay(text) !== null, {
  message: 'Expected a real calendar day as YYYY-MM-DD',
});

/**
 * The most one journal text may hold, in characters (UTF-16 code units, as `maxLength` and
 * `String.length` count them): a few thousand words, far more than a gratitude entry needs, and
 * the bound the server has always enforced, so no stored text is longer. One rule for the
 * server's validation, the device's write check (both through the schemas below) and the
 * gratitude field, which states it as the person nears it and refuses to go past it.
 */
export const JOURNAL_TEXT_MAX = 20_000;
const journalText = z.string().max(JOURNAL_TEXT_MAX);

export const exerciseFieldsSchema = z
  .object({
    mortality: z.boolean(),
    gratitude: z.boolean(),
    gratitudeOne: journalText,
    gratitudeTwo: journalText,
    gratitudeThree: journalText,
  })
  .strict();
export type ExerciseFields = z.infer<typeof exerciseFieldsSchema>;

export const EMPTY_EXERCISE: ExerciseFields = {
  mortality: false,
  gratitude: false,
  gratitudeOne: '',
  gratitudeTwo: '',
  gratitudeThree: '',
};

export const JOURNAL_TEXT_FIELDS = ['gratitudeOne', 'gratitudeTwo', 'gratitudeThree'] as const;
export type JournalTextField = (typeof JOURNAL_TEXT_FIELDS)[number];

const MINUTES_PER_DAY = 1440;

export const profileFieldsSchema = z
  .object({
    birthday: calendarDaySchema.nullable(),
    /** Minutes after midnight at which a new day starts for the journal (240 = 4 am). */
    dayStartMinutes: z.number().int().min(0).max(720),
    reminderEnabled: z.boolean(),
    /** Local time of the daily reminder, in minutes after midnight. */
    reminderMinutes: z.number().int().min(0).max(MINUTES_PER_DAY - 1),
    reminderZone: z.string().min(1).max(64),
    /** Days the person paused their streak. */
    streakFreezes: z.array(calendarDaySchema).max(400),
    /** Which exercises make a day "done" for the streaks and the reminders. */
    doneRule: doneRuleSchema,
  })
  .strict();
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

export const DEFAULT_PROFILE: ProfileFields = {
  birthday: null,
  dayStartMinutes: 0,
  reminderEnabled: false,
  reminderMinutes: 20 * 60,
  reminderZone: FALLBACK_TIME_ZONE,
  streakFreezes: [],
  doneRule: DEFAULT_DONE_RULE,
};

export const gameProgressFieldsSchema = z
  .object({
    state: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  })
  .strict();
export type GameProgressFields = z.infer<typeof gameProgressFieldsSchema>;
