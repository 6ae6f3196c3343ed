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

/** The words kept for one field. */
export interface KeptWords {
  readonly text: string;
  /**
   * What the page believed the store could hold for the field when it kept the words: the text it
   * had read, and each of its own saves still unconfirmed. Copies kept before this was recorded
   * have none.
   */
  readonly over?: readonly string[];
}

export type KeptJournalTexts = Partial<Record<JournalTextField, KeptWords>>;

/** Per day, the kept words of each field that was not yet stored. */
export type UnsavedJournalTexts = Readonly<Partial<Record<CalendarDay, KeptJournalTexts>>>;

/** At most this many texts are remembered as what kept words were typed over (the newest ones). */
export const KEPT_OVER_MAX = 20;

const keptWordsSchema = z.union([
  // The first format: the words alone.
  z
    .string()
    .max(JOURNAL_TEXT_MAX)
    .transform((text): KeptWords => ({ text })),
  z
    .object({ text: z.string().max(JOURNAL_TEXT_MAX), over: z.array(z.string().max(JOURNAL_TEXT_MAX)).optional() })
    .strict(),
]);

const textsSchema = z
  .object({ gratitudeOne: keptWordsSchema.optional(), gratitudeTwo: keptWordsSchema.optional(), gratitudeThree: keptWordsSchema.optional() })
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
  const result: Partial<Record<CalendarDay, KeptJournalTexts>> = {};
  for (const [key, value] of Object.entries(copy.data)) {
    const day = parseCalendarDay(key);
    const texts = textsSchema.safeParse(value);
    if (day === null || !texts.success) continue;
    const kept = withoutEmptyKeys(texts.data);
    if (Object.keys(kept).length > 0) result[day] = kept;
  }
  return result;
}

function withoutEmptyKeys(texts: KeptJournalTexts): KeptJournalTexts {
  const result: KeptJournalTexts = {};
  for (const field of JOURNAL_TEXT_FIELDS) {
    const kept = texts[field];
    if (kept !== undefined) result[field] = kept.over === undefined ? { text: kept.text } : { text: kept.text, over: kept.over.slice(-KEPT_OVER_MAX) };
  }
  return result;
}

function withDay(copy: UnsavedJournalTexts, day: CalendarDay, texts: KeptJournalTexts): UnsavedJournalTexts {
  const entries = Object.entries(copy).filter(([key]) => key !== day);
  if (Object.keys(texts).length > 0) entries.push([day, texts]);
  return Object.fromEntries(entries);
}

/** The copy with these words kept for the day: each replaces what was kept for its field. */
export function keepTexts(copy: UnsavedJournalTexts, day: CalendarDay, texts: KeptJournalTexts): UnsavedJournalTexts {
  return withDay(copy, day, withoutEmptyKeys({ ...copy[day], ...texts }));
}

/**
 * The copy once these texts are stored (or given up) for the day: a field goes only when what is
 * kept for it is that text. Newer words kept since (the page was leaving while an older save was
 * still running) stay until they are stored too.
 */
export function dropStoredTexts(copy: UnsavedJournalTexts, day: CalendarDay, stored: JournalTexts): UnsavedJournalTexts {
  const kept = copy[day];
  if (kept === undefined) return copy;
  const remaining: KeptJournalTexts = {};
  for (const field of JOURNAL_TEXT_FIELDS) {
    const words = kept[field];
    if (words !== undefined && words.text !== stored[field]) remaining[field] = words;
  }
  return withDay(copy, day, remaining);
}

/**
 * What became of kept words, judged against the text stored now:
 * - `stored`: the store holds them;
 * - `unstored`: the store still holds what they were typed over, so they were lost on the way and
 *   go in as they are;
 * - `superseded`: another write (another device, another tab) replaced the text since they were
 *   kept, so putting them back would undo it; the person chooses.
 */
export type KeptWordsFate = 'stored' | 'unstored' | 'superseded';

export function keptWordsFate(kept: KeptWords, storedNow: string): KeptWordsFate {
  if (kept.text === storedNow) return 'stored';
  if (kept.over === undefined || kept.over.includes(storedNow)) return 'unstored';
  return 'superseded';
}

/** The kept words whose fate is `fate`, as plain texts. */
export function keptTextsWhose(kept: KeptJournalTexts, stored: Readonly<Record<JournalTextField, string>>, fate: KeptWordsFate): JournalTexts {
  const result: JournalTexts = {};
  for (const field of JOURNAL_TEXT_FIELDS) {
    const words = kept[field];
    if (words !== undefined && keptWordsFate(words, stored[field]) === fate) result[field] = words.text;
  }
  return result;
}
