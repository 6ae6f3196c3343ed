import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarDay } from '#core/dates/calendar-day';
import { journalEntry } from '#core/practice/journal-entry';
import { exportJournalJson } from '#core/practice/journal-export';
import { readRecord } from '../../db/read-record';
import type { UserDb } from '../../db/user-db';
import { saveExercise } from './data/save-exercise';
import { freshDb, renderDashboard } from './testing/dashboard-kit';
import { journalFile } from './journal-files';
import { paths } from '#core/paths';

const day = (text: string) => text as CalendarDay;
vi.setConfig({ testTimeout: 20_000 });
let db: UserDb;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T15:00:00Z'));
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  db = await freshDb();
});
afterEach(() => {
  db.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the practice's part of the account view", () => {
  it('gives the account view the day start and done rule from the profile', async () => {
    renderDashboard(db, paths.dashboardAccount.href());
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Day starts at' })).toHaveProperty('value', '0');
    expect(screen.getByRole('heading', { name: 'Export your journal' })).toBeTruthy();
  });

  it('imports a journal file, keeping both texts where they differ, and says what it did', async () => {
    const user = userEvent.setup();
    await saveExercise(db, day('2026-11-20'), { gratitudeOne: 'Ours' }, Date.now());
    const file = exportJournalJson(
      [
        journalEntry(day('2026-11-19'), { gratitude: true, gratitudeOne: 'Older day' }),
        journalEntry(day('2026-11-20'), { gratitudeOne: 'Theirs' }),
      ],
      Date.now(),
    );
    renderDashboard(db, paths.dashboardAccount.href());
    await user.upload(await screen.findByLabelText('Import JSON file'), new File([file], 'journal.json', { type: 'application/json' }));
    expect(await screen.findByText(/^2 days imported, 1 conflict: where the file and this device had different text, both are kept/, undefined, { timeout: 5_000 })).toBeTruthy();
    expect((await readRecord(db, 'exercises', '2026-11-20'))?.values.gratitudeOne).toBe('Ours\n— imported —\nTheirs');
    expect((await readRecord(db, 'exercises', '2026-11-19'))?.values.gratitudeOne).toBe('Older day');

    // The same file again adds nothing twice.
    await user.upload(screen.getByLabelText('Import JSON file'), new File([file], 'journal.json', { type: 'application/json' }));
    await waitFor(() => expect(screen.queryByText('Nothing new to import.')).toBeTruthy(), { timeout: 5_000 });
  });

  it('imports a whole file or none of it: a day that cannot be written leaves every day as it was', async () => {
    const user = userEvent.setup();
    const file = exportJournalJson(
      [journalEntry(day('2026-11-19'), { gratitudeOne: 'Older day' }), journalEntry(day('2026-11-20'), { gratitudeOne: 'Theirs' })],
      Date.now(),
    );
    const add = db.outbox.add.bind(db.outbox);
    vi.spyOn(db.outbox, 'add').mockImplementation((entry, key) => {
      if (entry.key === '2026-11-20') throw new Error('The device is out of storage');
      return add(entry, key);
    });
    renderDashboard(db, paths.dashboardAccount.href());
    await user.upload(await screen.findByLabelText('Import JSON file'), new File([file], 'journal.json', { type: 'application/json' }));
    expect(await screen.findByText('The device is out of storage', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await readRecord(db, 'exercises', '2026-11-19')).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('says plainly when the file is not a journal', async () => {
    const user = userEvent.setup();
    renderDashboard(db, paths.dashboardAccount.href());
    await user.upload(await screen.findByLabelText('Import JSON file'), new File(['hello'], 'notes.json', { type: 'application/json' }));
    expect(await screen.findByText(/is not a journal export \(it is not JSON\)/, undefined, { timeout: 5_000 })).toBeTruthy();
  });
});

describe('export files', () => {
  const entries = [journalEntry(day('2026-11-21'), { gratitude: true, gratitudeOne: 'Snow, "first" of the year', gratitudeTwo: 'Tea' })];

  it('names the file after today and holds every entry, in each format', () => {
    const json = journalFile('json', entries, day('2026-11-22'), Date.UTC(2026, 10, 22));
    expect(json.name).toBe('memento-journal-2026-11-22.json');
    expect(JSON.parse(json.content)).toMatchObject({ format: 'memento-journal', entries: [{ date: '2026-11-21', gratitudeTwo: 'Tea' }] });
    const csv = journalFile('csv', entries, day('2026-11-22'), 0);
    expect(csv.content).toContain('"Snow, ""first"" of the year"');
    expect(csv.type).toMatch(/^text\/csv/);
    const md = journalFile('md', entries, day('2026-11-22'), 0);
    expect(md.name.endsWith('.md')).toBe(true);
    expect(md.content).toContain('Tea');
  });
});
