/**
 * A small CSV reader (RFC 4180 and what spreadsheets write): fields separated by commas, records
 * by CRLF or LF; a field in double quotes may hold commas, line breaks and doubled quotes ("").
 * A quote inside an unquoted field is kept as text. A byte order mark at the start is ignored.
 */

export interface CsvRecord {
  /** The line the record starts on, counting from 1 (a quoted line break makes records span lines). */
  readonly line: number;
  readonly cells: readonly string[];
}

export interface CsvParse {
  readonly records: readonly CsvRecord[];
  /** A quoted field still open at the end of the text: its record is left out. */
  readonly unterminatedQuoteAtLine: number | null;
}

export function parseCsv(text: string): CsvParse {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  /** Whether the current field began with a quote (text after its closing quote is kept as is). */
  let fieldStarted = false;

  const endField = () => {
    cells.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    // A blank line is no record.
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: recordLine, cells });
    cells = [];
  };

  for (let i = 0; i < source.length; i++) {
    const char = source.charAt(i);
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && !fieldStarted && field === '') {
      quoted = true;
      fieldStarted = true;
    } else if (char === ',') {
      endField();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (quoted) return { records, unterminatedQuoteAtLine: recordLine };
  if (field !== '' || cells.length > 0 || fieldStarted) endRecord();
  return { records, unterminatedQuoteAtLine: null };
}
