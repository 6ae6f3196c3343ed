import { z } from 'zod';
import { parseCalendarDay, type CalendarDay } from '../dates/calendar-day';
import { JOURNAL_TEXT_FIELDS, JOURNAL_TEXT_MAX, type JournalTextField } from '../schemas/records';

/**
 * Journal words the device could not store yet: a save into IndexedDB that failed, or the page
 * going away while a save was still under way. The app keeps them aside (in localStorage, which
 * is written at once) and stores them at the next chance; these are the format and the rules
 * for that copy.
 */

export type JournalTexts = Partial<Record<JournalTextField, string>>;

/** Per day, the on-screen text of each field that was not yet stored. */
export type UnsavedJournalTexts = Readonly<Partial<Record<CalendarDay, JournalTexts>>>;

const textsSchema = z
  .object({
    gratitudeOne: z.string().max(JOURNAL_TEXT_MAX).optional(),
    gratitudeTwo: z.string().max(JOURNAL_TEXT_MAX).optional(),
    gratitudeThree: z.string().max(JOURNAL_TEXT_MAX).optional(),
  })
  .strict();

const copySchema = z.record(z.string(), z.unknown());

/**
 * The kept copy read back: days that are not real calendar days and fields that do not check out
 * are left out, so one damaged day never costs the others.
 */
export function parseUnsavedJournalTexts(text: string | null): UnsavedJournalTexts {
  if (text === null) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {};
  }
  const copy = copySchema.safeParse(json);
  if (!copy.success) return {};
  const result: Partial<Record<CalendarDay, JournalTexts>> = {};
  for (const [key, value] of Object.entries(copy.data)) {
    const day = parseCalendarDay(key);
    const texts = textsSchema.safeParse(value);
    if (day === null || !texts.success) continue;
    const kept = withoutEmptyKeys(texts.data);
    if (Object.keys(kept).length > 0) result[day] = kept;
  }
  return result;
}

function withoutEmptyKeys(texts: JournalTexts): JournalTexts {
  const result: JournalTexts = {};
  for (const field of JOURNAL_TEXT_FIELDS) {
    const text = texts[field];
    if (text !== undefined) result[field] = text;
  }
  return result;
}

function withDay(copy: UnsavedJournalTexts, day: CalendarDay, texts: JournalTexts): UnsavedJournalTexts {
  const entries = Object.entries(copy).filter(([key]) => key !== day);
  if (Object.keys(texts).length > 0) entries.push([day, texts]);
  return Object.fromEntries(entries);
}

/** The copy with these texts kept for the day: each replaces what was kept for its field. */
export function keepTexts(copy: UnsavedJournalTexts, day: CalendarDay, texts: JournalTexts): UnsavedJournalTexts {
  return withDay(copy, day, withoutEmptyKeys({ ...copy[day], ...texts }));
}

/**
 * The copy once these texts are stored for the day: a field goes only when what is kept for it is
 * the text just stored. Newer words kept since (the page was leaving while an older save was
 * still running) stay until they are stored too.
 */
export function dropStoredTexts(copy: UnsavedJournalTexts, day: CalendarDay, stored: JournalTexts): UnsavedJournalTexts {
  const kept = copy[day];
  if (kept === undefined) return copy;
  const remaining: JournalTexts = {};
  for (const field of JOURNAL_TEXT_FIELDS) {
    const text = kept[field];
    if (text !== undefined && text !== stored[field]) remaining[field] = text;
  }
  return withDay(copy, day, remaining);
}
