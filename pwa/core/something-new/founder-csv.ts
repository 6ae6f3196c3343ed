import { founderCsvRowSchema, type FounderProfile } from '../schemas/something-new';
import { parseCsv } from './csv';

/** The header's columns; `proflink` may be missing (every profile then gets drawn initials). */
const REQUIRED_COLUMNS = ['twitter', 'name', 'bio'] as const;
const COLUMNS = [...REQUIRED_COLUMNS, 'proflink'] as const;
type Column = (typeof COLUMNS)[number];

/** Far above the dataset's ~80 rows: a file this long is not the dataset, and only its start is read. */
export const FOUNDER_CSV_MAX_ROWS = 5_000;

export interface SkippedRow {
  /** The line of the file the row starts on. */
  readonly line: number;
  readonly reason: string;
}

export interface FounderCsv {
  readonly profiles: readonly FounderProfile[];
  readonly skipped: readonly SkippedRow[];
  /** Why no row could be read at all (no header, a required column missing), else null. */
  readonly problem: string | null;
}

function columnIndexes(header: readonly string[]): Map<Column, number> | string {
  const indexes = new Map<Column, number>();
  header.forEach((cell, index) => {
    const name = cell.trim().toLowerCase();
    const column = COLUMNS.find((candidate) => candidate === name);
    if (column !== undefined && !indexes.has(column)) indexes.set(column, index);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !indexes.has(column));
  return missing.length === 0 ? indexes : `The header has no ${missing.join(', ')} column`;
}

/**
 * The founder profiles of a CSV with a header row naming the columns (any order, any case;
 * other columns ignored). A row that does not make a valid profile, or repeats a handle already
 * read (compared without case), is skipped with its line and reason; the rest are kept.
 */
export function readFounderCsv(text: string): FounderCsv {
  const { records, unterminatedQuoteAtLine } = parseCsv(text);
  const [header, ...rows] = records;
  if (header === undefined) return { profiles: [], skipped: [], problem: 'The file has no header row' };
  const indexes = columnIndexes(header.cells);
  if (typeof indexes === 'string') return { profiles: [], skipped: [], problem: indexes };

  const profiles: FounderProfile[] = [];
  const skipped: SkippedRow[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of rows) {
    if (profiles.length >= FOUNDER_CSV_MAX_ROWS) {
      skipped.push({ line, reason: `More than ${FOUNDER_CSV_MAX_ROWS} profiles: the rest of the file is not read` });
      break;
    }
    const raw: Partial<Record<Column, string>> = {};
    for (const [column, index] of indexes) raw[column] = cells[index];
    const parsed = founderCsvRowSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path[0];
      skipped.push({ line, reason: `${typeof where === 'string' ? `${where}: ` : ''}${issue?.message ?? 'invalid row'}` });
      continue;
    }
    const key = parsed.data.twitter.toLowerCase();
    if (seen.has(key)) {
      skipped.push({ line, reason: `twitter: @${parsed.data.twitter} is already in the file` });
      continue;
    }
    seen.add(key);
    profiles.push(parsed.data);
  }
  if (unterminatedQuoteAtLine !== null) {
    skipped.push({ line: unterminatedQuoteAtLine, reason: 'A quoted field never closes: the rest of the file is not read' });
  }
  return { profiles, skipped, problem: null };
}
