import type { CalendarDay } from '../dates/calendar-day';
import { EMPTY_EXERCISE, JOURNAL_TEXT_FIELDS, type ExerciseFields } from '../schemas/records';

/** One day of the journal with every field present: what export writes and import reads. */
export type JournalEntry = { readonly date: CalendarDay } & Readonly<ExerciseFields>;

export type JournalTexts = Readonly<Pick<ExerciseFields, (typeof JOURNAL_TEXT_FIELDS)[number]>>;

/**
 * A stored record carries only the fields ever written (see the sync merge); the rest read as
 * their defaults, so a day where only the mortality exercise was started has three empty texts.
 */
export function journalEntry(date: CalendarDay, stored: Partial<ExerciseFields>): JournalEntry {
  return {
    date,
    mortality: stored.mortality ?? EMPTY_EXERCISE.mortality,
    gratitude: stored.gratitude ?? EMPTY_EXERCISE.gratitude,
    gratitudeOne: stored.gratitudeOne ?? EMPTY_EXERCISE.gratitudeOne,
    gratitudeTwo: stored.gratitudeTwo ?? EMPTY_EXERCISE.gratitudeTwo,
    gratitudeThree: stored.gratitudeThree ?? EMPTY_EXERCISE.gratitudeThree,
  };
}

/** Whitespace alone is not something a person wrote down. */
export function isBlank(text: string): boolean {
  return text.trim() === '';
}

export function hasGratitudeText(texts: JournalTexts): boolean {
  return JOURNAL_TEXT_FIELDS.some((field) => !isBlank(texts[field]));
}

/** Oldest first; entries are keyed by day, so the date alone orders them. */
export function byDate(a: { readonly date: CalendarDay }, b: { readonly date: CalendarDay }): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}
