import { z } from 'zod';
import type { CalendarDay } from '../dates/calendar-day';
import { calendarDaySchema } from '../dates/calendar-day-schema';
import { exerciseFieldsSchema, JOURNAL_TEXT_FIELDS, type ExerciseFields, type JournalTextField } from '../schemas/records';
import { byDate, isBlank, type JournalEntry } from './journal-entry';
import { JOURNAL_FORMAT, JOURNAL_VERSION, type JournalExport } from './journal-export';

/**
 * Reading an exported journal back, and merging it into the journal on the device without losing
 * a word of either: text the device has is never overwritten, and where both hold different text
 * for the same day and field, both are returned for the screen to keep.
 */

// --- Reading the file ----------------------------------------------------------------------

/** What is wrong with one value in the file, for the screen to put in words. */
export type ImportProblem = 'missing' | 'wrong-type' | 'not-a-day' | 'too-long' | 'invalid';

export interface ImportIssue {
  /** Where in the file: ['entries', 3, 'gratitudeOne']. */
  readonly path: readonly (string | number)[];
  readonly problem: ImportProblem;
}

export type JournalImportError =
  /** Not JSON at all: another kind of file. */
  | { readonly code: 'not-json' }
  /** JSON, but not a Memento journal export. */
  | { readonly code: 'not-a-journal' }
  /** A journal written by a newer version of the app, in a shape this one cannot read. */
  | { readonly code: 'unsupported-version'; readonly version: unknown }
  /** A journal with values missing or not fitting: damaged or edited by hand. At most MAX_ISSUES listed. */
  | { readonly code: 'invalid-content'; readonly issues: readonly ImportIssue[] }
  /** The same day twice: which of the two is meant cannot be told. */
  | { readonly code: 'duplicate-day'; readonly date: CalendarDay };

export type JournalImportResult =
  | { readonly ok: true; readonly journal: JournalExport }
  | { readonly ok: false; readonly error: JournalImportError };

const MAX_ISSUES = 20;

// The entry's fields reuse the record schema (same text bound as a synced record) but without its
// strictness: a field a later version adds is dropped here rather than refusing the whole file.
const entrySchema = z.object({ date: calendarDaySchema, ...exerciseFieldsSchema.shape });

const journalSchema = z.object({
  format: z.literal(JOURNAL_FORMAT),
  version: z.literal(JOURNAL_VERSION),
  exportedAt: z.iso.datetime({ offset: true }),
  entries: z.array(entrySchema),
});

const envelopeSchema = z.object({ format: z.literal(JOURNAL_FORMAT), version: z.unknown().optional() });

function problemOf(issue: z.core.$ZodIssue): ImportProblem {
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) return 'missing';
  if (issue.code === 'invalid_type') return 'wrong-type';
  // A string that is not a real 'YYYY-MM-DD' day, the empty string included.
  if (issue.path.at(-1) === 'date') return 'not-a-day';
  return issue.code === 'too_big' ? 'too-long' : 'invalid';
}

/**
 * Reads the text of a file the person chose. Checks go from the coarse to the fine so the error
 * says the most useful thing: another kind of file, then another app's file, then a newer
 * version, then the values inside.
 */
export function parseJournalExport(text: string): JournalImportResult {
  let data: unknown;
  try {
    // A BOM left by an editor is not part of the JSON.
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, error: { code: 'not-json' } };
  }
  const envelope = envelopeSchema.safeParse(data);
  if (!envelope.success) return { ok: false, error: { code: 'not-a-journal' } };
  // No version at all is a damaged file rather than a newer one: the full check below says so.
  if (envelope.data.version !== undefined && envelope.data.version !== JOURNAL_VERSION) {
    return { ok: false, error: { code: 'unsupported-version', version: envelope.data.version } };
  }
  const parsed = journalSchema.safeParse(data, { reportInput: true });
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, MAX_ISSUES)
      .map((issue) => ({ path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)), problem: problemOf(issue) }));
    return { ok: false, error: { code: 'invalid-content', issues } };
  }
  const seen = new Set<CalendarDay>();
  for (const entry of parsed.data.entries) {
    if (seen.has(entry.date)) return { ok: false, error: { code: 'duplicate-day', date: entry.date } };
    seen.add(entry.date);
  }
  return {
    ok: true,
    journal: {
      format: JOURNAL_FORMAT,
      version: JOURNAL_VERSION,
      exportedAt: parsed.data.exportedAt,
      entries: parsed.data.entries,
    },
  };
}

// --- Merging -------------------------------------------------------------------------------

/** Fields to write on one day, to apply as one record write. */
export interface ImportWrite {
  readonly date: CalendarDay;
  readonly fields: Partial<ExerciseFields>;
}

/** A day and field where the device and the file hold different text: the device's stays. */
export interface ImportConflict {
  readonly date: CalendarDay;
  readonly field: JournalTextField;
  readonly existing: string;
  readonly imported: string;
}

export interface ImportMerge {
  readonly writes: readonly ImportWrite[];
  readonly conflicts: readonly ImportConflict[];
}

/**
 * Texts that differ only in line endings or surrounding whitespace are the same text: a file
 * saved on another system must not turn every entry into a conflict.
 */
function sameText(a: string, b: string): boolean {
  const normal = (text: string): string => text.replace(/\r\n?/g, '\n').trim();
  return normal(a) === normal(b);
}

/**
 * Merges imported entries into what the device holds (records as stored: only fields ever
 * written). Per day and text field: nothing on the device takes the imported text; the same text
 * does nothing; different text stays as it is and is reported as a conflict. A done mark is only
 * ever added: having done a day's practice is true in either copy.
 */
export function mergeImportedJournal(
  existing: ReadonlyMap<CalendarDay, Partial<ExerciseFields>>,
  imported: Iterable<JournalEntry>,
): ImportMerge {
  const writes: ImportWrite[] = [];
  const conflicts: ImportConflict[] = [];
  for (const entry of [...imported].sort(byDate)) {
    const current = existing.get(entry.date) ?? {};
    const fields: Partial<ExerciseFields> = {};
    if (entry.mortality && current.mortality !== true) fields.mortality = true;
    if (entry.gratitude && current.gratitude !== true) fields.gratitude = true;
    for (const field of JOURNAL_TEXT_FIELDS) {
      const theirs = entry[field];
      const ours = current[field] ?? '';
      if (isBlank(theirs) || sameText(ours, theirs)) continue;
      if (isBlank(ours)) fields[field] = theirs;
      else conflicts.push({ date: entry.date, field, existing: ours, imported: theirs });
    }
    if (Object.keys(fields).length > 0) writes.push({ date: entry.date, fields });
  }
  return { writes, conflicts };
}
