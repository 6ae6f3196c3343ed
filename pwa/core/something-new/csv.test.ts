import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

const cellsOf = (text: string) => parseCsv(text).records.map((record) => record.cells);

describe('parseCsv', () => {
  it('splits plain fields and records, with LF or CRLF, and a last line without a break', () => {
    expect(cellsOf('a,b,c\n1,2,3\r\n4,5,6')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '5', '6'],
    ]);
  });

  it('keeps commas, line breaks and doubled quotes inside quoted fields', () => {
    const parsed = parseCsv('name,bio\n"Lee, Ada","Builds ""calm"" tools.\nSecond line"\nBo,short\n');
    expect(parsed.records).toEqual([
      { line: 1, cells: ['name', 'bio'] },
      { line: 2, cells: ['Lee, Ada', 'Builds "calm" tools.\nSecond line'] },
      { line: 4, cells: ['Bo', 'short'] },
    ]);
    expect(parsed.unterminatedQuoteAtLine).toBeNull();
  });

  it('keeps empty fields, skips blank lines and a byte order mark', () => {
    expect(cellsOf('\uFEFFa,,c\n\n,\n"",x\n')).toEqual([
      ['a', '', 'c'],
      ['', ''],
      ['', 'x'],
    ]);
  });

  it('keeps a quote inside an unquoted field as text', () => {
    expect(cellsOf('5" screen,ok')).toEqual([['5" screen', 'ok']]);
  });

  it('leaves out a record whose quote never closes and says where it began', () => {
    const parsed = parseCsv('a,b\n1,2\n"open,3\nmore');
    expect(parsed.records.map((record) => record.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parsed.unterminatedQuoteAtLine).toBe(3);
  });

  it('reads nothing from an empty text', () => {
    expect(parseCsv('')).toEqual({ records: [], unterminatedQuoteAtLine: null });
  });
});
