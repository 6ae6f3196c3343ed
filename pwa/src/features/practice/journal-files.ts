import type { CalendarDay } from '#core/dates/calendar-day';
import type { JournalEntry } from '#core/practice/journal-entry';
import { exportJournalCsv, exportJournalJson, exportJournalMarkdown } from '#core/practice/journal-export';
import type { JournalImportError } from '#core/practice/journal-import';
import type { ImportOutcome } from './data/import-journal';
import { plural } from './practice-format';

export const EXPORT_FORMATS = ['json', 'csv', 'md'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_LABELS: Record<ExportFormat, string> = { json: 'JSON', csv: 'CSV', md: 'Markdown' };

export interface JournalFile {
  readonly name: string;
  readonly type: string;
  readonly content: string;
}

/** The journal as a file of the chosen format, named after the day it was made. */
export function journalFile(format: ExportFormat, entries: readonly JournalEntry[], today: CalendarDay, nowMs: number): JournalFile {
  const name = `memento-journal-${today}.${format}`;
  switch (format) {
    case 'json':
      return { name, type: 'application/json', content: exportJournalJson(entries, nowMs) };
    case 'csv':
      return { name, type: 'text/csv;charset=utf-8', content: exportJournalCsv(entries) };
    case 'md':
      return { name, type: 'text/markdown;charset=utf-8', content: exportJournalMarkdown(entries) };
  }
}

export function importErrorText(error: JournalImportError): string {
  switch (error.code) {
    case 'not-json':
      return 'That file is not a journal export (it is not JSON). Choose the .json file Export made.';
    case 'not-a-journal':
      return 'That JSON file is not a Memento journal export. Choose the .json file Export made.';
    case 'unsupported-version':
      return 'That journal was exported by a newer version of Memento. Update the app, then import it again.';
    case 'invalid-content':
      return `That journal file is damaged or was edited: ${plural(error.issues.length, 'value')} could not be read. Nothing was imported.`;
    case 'duplicate-day':
      return `That journal file has ${error.date} twice, so it is unclear which is meant. Nothing was imported.`;
  }
}

/** "3 days imported, 1 conflict: both texts kept." */
export function importOutcomeText(outcome: Extract<ImportOutcome, { ok: true }>): string {
  const changed = outcome.daysChanged === 0 ? 'Nothing new to import' : `${plural(outcome.daysChanged, 'day')} imported`;
  if (outcome.keptBoth === 0) return `${changed}.`;
  return `${changed}, ${plural(outcome.keptBoth, 'conflict')}: where the file and this device had different text, both are kept, the file's below a line "— imported —".`;
}
