import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type CalendarDay } from '../dates/calendar-day';
import { day } from '../dates/test-days';
import { JOURNAL_TEXT_MAX, type ExerciseFields } from '../schemas/records';
import { journalEntry, type JournalEntry } from './journal-entry';
import { exportJournalJson } from './journal-export';
import { mergeImportedJournal, parseJournalExport, type JournalImportError } from './journal-import';

const EXPORTED_AT = Date.parse('2026-03-18T09:30:00Z');

const validEntry = {
  date: '2026-03-02',
  mortality: true,
  gratitude: true,
  gratitudeOne: 'Tea',
  gratitudeTwo: '',
  gratitudeThree: '',
};

function file(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({ format: 'memento-journal', version: 1, exportedAt: '2026-03-18T09:30:00.000Z', entries: [validEntry], ...overrides });
}

function errorOf(text: string): JournalImportError {
  const result = parseJournalExport(text);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.error;
}

describe('parseJournalExport', () => {
  it('reads back what the export wrote', () => {
    const entries = [journalEntry(day('2026-03-01'), { mortality: true, gratitudeOne: 'a,"b"\nc' }), journalEntry(day('2026-03-02'), {})];
    const result = parseJournalExport(exportJournalJson(entries, EXPORTED_AT));
    expect(result).toEqual({ ok: true, journal: { format: 'memento-journal', version: 1, exportedAt: '2026-03-18T09:30:00.000Z', entries } });
  });

  it('accepts a BOM an editor left, an offset timestamp and fields a later version added', () => {
    const result = parseJournalExport(`\uFEFF${file({ exportedAt: '2026-03-18T10:30:00+01:00', entries: [{ ...validEntry, mood: 'calm' }] })}`);
    expect(result.ok && result.journal.entries).toEqual([validEntry]);
  });

  it.each<[string, string, JournalImportError]>([
    ['an empty file', '', { code: 'not-json' }],
    ['a CSV export', '\uFEFFdate,mortality\r\n2026-03-01,true\r\n', { code: 'not-json' }],
    ['truncated JSON', file().slice(0, 40), { code: 'not-json' }],
    ['JSON of another kind', '{"name":"package"}', { code: 'not-a-journal' }],
    ['a JSON array', '[]', { code: 'not-a-journal' }],
    ['null', 'null', { code: 'not-a-journal' }],
    ['another format name', file({ format: 'other-journal' }), { code: 'not-a-journal' }],
    ['a newer version', file({ version: 2 }), { code: 'unsupported-version', version: 2 }],
    ['no version', file({ version: undefined }), { code: 'invalid-content', issues: [{ path: ['version'], problem: 'missing' }] }],
    ['a version as text', file({ version: '1' }), { code: 'unsupported-version', version: '1' }],
    ['entries not a list', file({ entries: {} }), { code: 'invalid-content', issues: [{ path: ['entries'], problem: 'wrong-type' }] }],
    ['no export time', file({ exportedAt: undefined }), { code: 'invalid-content', issues: [{ path: ['exportedAt'], problem: 'missing' }] }],
    ['an export time that is not one', file({ exportedAt: 'yesterday' }), { code: 'invalid-content', issues: [{ path: ['exportedAt'], problem: 'invalid' }] }],
  ])('refuses %s', (_name, text, expected) => {
    expect(errorOf(text)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['an impossible day', { date: '2026-02-30' }, 'date', 'not-a-day'],
    ['a day in another format', { date: '03/02/2026' }, 'date', 'not-a-day'],
    ['an empty day', { date: '' }, 'date', 'not-a-day'],
    ['a missing day', { date: undefined }, 'date', 'missing'],
    ['a done mark as text', { mortality: 'yes' }, 'mortality', 'wrong-type'],
    ['a missing text', { gratitudeTwo: undefined }, 'gratitudeTwo', 'missing'],
    ['a text as a number', { gratitudeThree: 3 }, 'gratitudeThree', 'wrong-type'],
    ['a text beyond the bound', { gratitudeOne: 'x'.repeat(JOURNAL_TEXT_MAX + 1) }, 'gratitudeOne', 'too-long'],
  ])('says where an entry is wrong: %s', (_name, change, field, problem) => {
    const entries = [validEntry, { ...validEntry, date: '2026-03-03', ...change }];
    expect(errorOf(file({ entries }))).toEqual({ code: 'invalid-content', issues: [{ path: ['entries', 1, field], problem }] });
  });

  it('lists at most twenty issues', () => {
    const entries = Array.from({ length: 30 }, () => ({ ...validEntry, date: 'bad' }));
    const error = errorOf(file({ entries }));
    expect(error.code === 'invalid-content' && error.issues).toHaveLength(20);
  });

  it('refuses a file with the same day twice', () => {
    const entries = [validEntry, { ...validEntry, date: '2026-03-03' }, { ...validEntry, gratitudeOne: 'Coffee' }];
    expect(errorOf(file({ entries }))).toEqual({ code: 'duplicate-day', date: '2026-03-02' });
  });
});

describe('mergeImportedJournal', () => {
  const imported = (date: string, fields: Partial<ExerciseFields>): JournalEntry => journalEntry(day(date), fields);

  it('takes every field of a day the device does not have', () => {
    const result = mergeImportedJournal(new Map(), [imported('2026-03-01', { mortality: true, gratitude: true, gratitudeOne: 'Tea', gratitudeThree: 'Sun' })]);
    expect(result).toEqual({
      writes: [{ date: '2026-03-01', fields: { mortality: true, gratitude: true, gratitudeOne: 'Tea', gratitudeThree: 'Sun' } }],
      conflicts: [],
    });
  });

  it('per field: takes text where the device has none, ignores the same, keeps the device text and reports a different one', () => {
    const existing = new Map<CalendarDay, Partial<ExerciseFields>>([
      [day('2026-03-01'), { gratitudeOne: 'Tea', gratitudeTwo: '   ', gratitudeThree: 'Walk' }],
    ]);
    const result = mergeImportedJournal(existing, [imported('2026-03-01', { gratitudeOne: 'Tea', gratitudeTwo: 'Rain', gratitudeThree: 'Run' })]);
    expect(result).toEqual({
      writes: [{ date: '2026-03-01', fields: { gratitudeTwo: 'Rain' } }],
      conflicts: [{ date: '2026-03-01', field: 'gratitudeThree', existing: 'Walk', imported: 'Run' }],
    });
  });

  it('treats texts differing only in line ends or outer whitespace as the same', () => {
    const existing = new Map<CalendarDay, Partial<ExerciseFields>>([[day('2026-03-01'), { gratitudeOne: 'a\nb' }]]);
    expect(mergeImportedJournal(existing, [imported('2026-03-01', { gratitudeOne: ' a\r\nb\n' })])).toEqual({ writes: [], conflicts: [] });
  });

  it('never erases: an empty imported text leaves the device text alone', () => {
    const existing = new Map<CalendarDay, Partial<ExerciseFields>>([[day('2026-03-01'), { gratitudeOne: 'Tea', mortality: true }]]);
    expect(mergeImportedJournal(existing, [imported('2026-03-01', { gratitudeOne: '' })])).toEqual({ writes: [], conflicts: [] });
  });

  it('only adds done marks', () => {
    const existing = new Map<CalendarDay, Partial<ExerciseFields>>([
      [day('2026-03-01'), { mortality: true, gratitude: false }],
      [day('2026-03-02'), { mortality: true, gratitude: true }],
    ]);
    const result = mergeImportedJournal(existing, [
      imported('2026-03-02', { mortality: false, gratitude: false }),
      imported('2026-03-01', { mortality: false, gratitude: true }),
    ]);
    expect(result).toEqual({ writes: [{ date: '2026-03-01', fields: { gratitude: true } }], conflicts: [] });
  });

  it('writes nothing for an imported day with nothing in it', () => {
    expect(mergeImportedJournal(new Map(), [imported('2026-03-01', {})])).toEqual({ writes: [], conflicts: [] });
  });
});

describe('properties of the merge', () => {
  const text = fc.oneof(fc.constant(''), fc.constantFrom('Tea', 'Rain', 'Sun', ' Tea ', 'Tea\r\n'));
  const fields = fc.record({
    mortality: fc.boolean(),
    gratitude: fc.boolean(),
    gratitudeOne: text,
    gratitudeTwo: text,
    gratitudeThree: text,
  });
  const journal = fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fields), { maxLength: 15 }).map((rows) => {
    const byDay = new Map<CalendarDay, ExerciseFields>();
    for (const [offset, f] of rows) byDay.set(addDays(day('2026-03-01'), offset), f);
    return byDay;
  });

  function apply(existing: ReadonlyMap<CalendarDay, ExerciseFields>, imported: readonly JournalEntry[]): Map<CalendarDay, ExerciseFields> {
    const result = new Map(existing);
    for (const { date, fields: written } of mergeImportedJournal(existing, imported).writes) {
      result.set(date, { ...journalEntry(date, existing.get(date) ?? {}), ...written });
    }
    return result;
  }

  it('loses no text from either side, and importing twice changes nothing more', () => {
    fc.assert(
      fc.property(journal, journal, (device, file) => {
        const imported = [...file].map(([date, f]) => journalEntry(date, f));
        const { conflicts } = mergeImportedJournal(device, imported);
        const after = apply(device, imported);
        for (const entry of imported) {
          const kept = after.get(entry.date);
          for (const field of ['gratitudeOne', 'gratitudeTwo', 'gratitudeThree'] as const) {
            const before = device.get(entry.date)?.[field] ?? '';
            // The device's text stays unless it was blank.
            if (before.trim() !== '') expect(kept?.[field]).toBe(before);
            // The imported text is on the device, or the same text is, or it is reported.
            const theirs = entry[field].trim();
            const onDevice = (kept?.[field] ?? '').replace(/\r\n?/g, '\n').trim() === theirs.replace(/\r\n?/g, '\n');
            const reported = conflicts.some((c) => c.date === entry.date && c.field === field && c.imported === entry[field]);
            if (theirs !== '') expect(onDevice || reported).toBe(true);
          }
          if (entry.mortality) expect(kept?.mortality).toBe(true);
          if (entry.gratitude) expect(kept?.gratitude).toBe(true);
        }
        expect(mergeImportedJournal(after, imported).writes).toEqual([]);
      }),
    );
  });
});
