import { formatLongDay } from '../dates/calendar-day';
import { JOURNAL_TEXT_FIELDS } from '../schemas/records';
import { byDate, isBlank, type JournalEntry } from './journal-entry';

/**
 * The journal leaves the device in three forms: JSON that comes back in (see journal-import),
 * CSV for spreadsheets and Markdown for reading. All list days oldest first.
 */

export const JOURNAL_FORMAT = 'memento-journal';
export const JOURNAL_VERSION = 1;

/** The fields of an exported entry, in the order the CSV columns follow. */
export const ENTRY_FIELDS = ['date', 'mortality', 'gratitude', 'gratitudeOne', 'gratitudeTwo', 'gratitudeThree'] as const;

export interface JournalExport {
  readonly format: typeof JOURNAL_FORMAT;
  readonly version: typeof JOURNAL_VERSION;
  /** ISO 8601 instant, UTC. */
  readonly exportedAt: string;
  readonly entries: readonly JournalEntry[];
}

/** Every entry, including days with no text: their done marks are part of the practice record. */
export function journalExport(entries: Iterable<JournalEntry>, exportedAt: number): JournalExport {
  return {
    format: JOURNAL_FORMAT,
    version: JOURNAL_VERSION,
    exportedAt: new Date(exportedAt).toISOString(),
    // Copies field by field so whatever else a caller's objects carry stays on the device.
    entries: [...entries].sort(byDate).map((entry) => ({
      date: entry.date,
      mortality: entry.mortality,
      gratitude: entry.gratitude,
      gratitudeOne: entry.gratitudeOne,
      gratitudeTwo: entry.gratitudeTwo,
      gratitudeThree: entry.gratitudeThree,
    })),
  };
}

export function exportJournalJson(entries: Iterable<JournalEntry>, exportedAt: number): string {
  return `${JSON.stringify(journalExport(entries, exportedAt), null, 2)}\n`;
}

// --- CSV (RFC 4180) ------------------------------------------------------------------------

/** Excel reads a CSV file without it as the system's legacy code page and garbles accents and emoji. */
const UTF8_BOM = '\uFEFF';
const CRLF = '\r\n';

/**
 * A field is quoted when it holds a comma, a double quote or a line break, with its quotes doubled.
 * Text is otherwise written as the person typed it: prefixing formula-like text (=, +, -, @) as
 * some exporters do would change what they wrote and what an import reads back, and the file only
 * holds the person's own words, opened by themselves.
 */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function exportJournalCsv(entries: Iterable<JournalEntry>): string {
  const rows = [...entries].sort(byDate).map((entry) =>
    ENTRY_FIELDS.map((field) => csvField(String(entry[field]))).join(','),
  );
  return UTF8_BOM + [ENTRY_FIELDS.join(','), ...rows].map((row) => row + CRLF).join('');
}

// --- Markdown ------------------------------------------------------------------------------

const LIST_MARKER = '- ';
const CONTINUATION = ' '.repeat(LIST_MARKER.length);
/** Two trailing spaces: the hard line break every Markdown dialect knows, invisible in plain text. */
const HARD_BREAK = '  ';

/**
 * One text as one list item. Its later lines are indented under the marker so they stay in the
 * item, and the lines the person broke keep their breaks instead of running together. The text is
 * otherwise as written: Markdown typed into the journal renders as Markdown.
 */
function listItem(text: string): string {
  const lines = text.trim().split(/\r\n|\r|\n/).map((line) => line.trimEnd());
  return lines
    .map((line, i) => {
      const next = lines[i + 1];
      const end = next !== undefined && line !== '' && next !== '' ? HARD_BREAK : '';
      if (i === 0) return LIST_MARKER + line + end;
      return line === '' ? '' : CONTINUATION + line + end;
    })
    .join('\n');
}

/** A heading per day with its texts as a list; days without text are left out. */
export function exportJournalMarkdown(entries: Iterable<JournalEntry>, title = 'Gratitude journal'): string {
  const sections: string[] = [`# ${title}`];
  for (const entry of [...entries].sort(byDate)) {
    const texts = JOURNAL_TEXT_FIELDS.map((field) => entry[field]).filter((text) => !isBlank(text));
    if (texts.length === 0) continue;
    sections.push(`## ${formatLongDay(entry.date)}`, texts.map(listItem).join('\n'));
  }
  return `${sections.join('\n\n')}\n`;
}
