import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/calendar-day';
import { day } from '../dates/test-days';
import { journalEntry, type JournalEntry } from './journal-entry';
import { csvField, ENTRY_FIELDS, exportJournalCsv, exportJournalJson, exportJournalMarkdown, journalExport } from './journal-export';

const EXPORTED_AT = Date.parse('2026-03-18T09:30:00Z');

const entries: JournalEntry[] = [
  journalEntry(day('2026-03-02'), { mortality: true, gratitude: true, gratitudeOne: 'Tea, hot', gratitudeTwo: 'A "good" talk', gratitudeThree: 'Line one\nline two' }),
  journalEntry(day('2026-03-01'), { mortality: true }),
  journalEntry(day('2026-03-03'), { gratitude: true, gratitudeTwo: 'Rain 🌧 and naïve café' }),
];

/**
 * An RFC 4180 reader, written for the test from the grammar, to read back what the writer wrote:
 * quoted fields may hold commas, doubled quotes and line breaks; records end with CRLF.
 */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text.charAt(i + 1) === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
      } else {
        field += c;
        i++;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (c === '\r' && text.charAt(i + 1) === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (c === '"' || c === '\r' || c === '\n') {
      throw new Error(`Unquoted ${JSON.stringify(c)} at ${String(i)}`);
    } else {
      field += c;
      i++;
    }
  }
  if (quoted) throw new Error('Unterminated quote');
  if (field !== '' || record.length > 0) throw new Error('Last record without CRLF');
  return records;
}

describe('JSON export', () => {
  it('is versioned, dated and lists every entry oldest first', () => {
    const json: unknown = JSON.parse(exportJournalJson(entries, EXPORTED_AT));
    expect(json).toEqual({
      format: 'memento-journal',
      version: 1,
      exportedAt: '2026-03-18T09:30:00.000Z',
      entries: [
        { date: '2026-03-01', mortality: true, gratitude: false, gratitudeOne: '', gratitudeTwo: '', gratitudeThree: '' },
        entries[0],
        entries[2],
      ],
    });
  });

  it('carries only the journal fields of the entries it is given', () => {
    const withExtra = { ...entries[1], secret: 'device only' } as JournalEntry;
    expect(Object.keys(journalExport([withExtra], EXPORTED_AT).entries[0] ?? {})).toEqual([...ENTRY_FIELDS]);
  });
});

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    [' spaced ', ' spaced '],
    ['=SUM(A1)', '=SUM(A1)'],
  ])('%j is written %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('CSV export', () => {
  it('starts with a BOM and a header, ends every record with CRLF, quotes what needs it', () => {
    expect(exportJournalCsv(entries)).toBe(
      '\uFEFF' +
        'date,mortality,gratitude,gratitudeOne,gratitudeTwo,gratitudeThree\r\n' +
        '2026-03-01,true,false,,,\r\n' +
        '2026-03-02,true,true,"Tea, hot","A ""good"" talk","Line one\nline two"\r\n' +
        '2026-03-03,false,true,,Rain 🌧 and naïve café,\r\n',
    );
  });

  it('is a header alone for an empty journal', () => {
    expect(exportJournalCsv([])).toBe('\uFEFFdate,mortality,gratitude,gratitudeOne,gratitudeTwo,gratitudeThree\r\n');
  });

  it('reads back to the same texts, whatever they hold', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'é', '🌧', ',', '"', '\n', '\r', ' ', ';', '\t'), maxLength: 30 });
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text, text, fc.boolean(), fc.boolean()), { maxLength: 8 }), (rows) => {
        const journal = rows.map(([one, two, three, mortality, gratitude], i) =>
          journalEntry(addDays(day('2026-01-01'), i), { mortality, gratitude, gratitudeOne: one, gratitudeTwo: two, gratitudeThree: three }),
        );
        const csv = exportJournalCsv(journal);
        expect(csv.startsWith('\uFEFF')).toBe(true);
        const [header, ...records] = readCsv(csv.slice(1));
        expect(header).toEqual([...ENTRY_FIELDS]);
        expect(records).toEqual(journal.map((e) => ENTRY_FIELDS.map((field) => String(e[field]))));
      }),
    );
  });
});

describe('Markdown export', () => {
  it('writes a heading per day and its texts as a list, skipping empty days and texts', () => {
    const journal = [
      ...entries,
      journalEntry(day('2026-03-04'), { gratitudeOne: '   ', gratitudeTwo: '' }),
      journalEntry(day('2026-03-05'), { gratitudeOne: '  Friends  ', gratitudeThree: 'Sun' }),
    ];
    expect(exportJournalMarkdown(journal)).toBe(
      [
        '# Gratitude journal',
        '',
        '## Monday, March 2, 2026',
        '',
        '- Tea, hot',
        '- A "good" talk',
        '- Line one  ',
        '  line two',
        '',
        '## Tuesday, March 3, 2026',
        '',
        '- Rain 🌧 and naïve café',
        '',
        '## Thursday, March 5, 2026',
        '',
        '- Friends',
        '- Sun',
        '',
      ].join('\n'),
    );
  });

  it('keeps a text with blank lines and Windows line ends inside its list item', () => {
    const journal = [journalEntry(day('2026-03-01'), { gratitudeOne: 'First\r\n\r\nSecond\r\nThird' })];
    expect(exportJournalMarkdown(journal, 'Mine')).toBe('# Mine\n\n## Sunday, March 1, 2026\n\n- First\n\n  Second  \n  Third\n');
  });

  it('is the title alone when nothing was written', () => {
    expect(exportJournalMarkdown([journalEntry(day('2026-03-01'), { mortality: true })])).toBe('# Gratitude journal\n');
  });
});
