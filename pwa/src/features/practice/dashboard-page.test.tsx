import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarDay } from '#core/dates/calendar-day';
import { readRecord } from '../../db/read-record';
import { formatHlc } from '#core/sync/hlc';
import { UserDb } from '../../db/user-db';
import { writeRecord } from '../../db/write-record';
import { applyChange } from '../../sync/apply-change';
import { unsavedJournalStore } from '../../session/data/unsaved-journal-texts';
import { saveExercise } from './data/save-exercise';
import { readProfile } from './data/use-profile';
import { ADA, freshDb, renderDashboard } from './testing/dashboard-kit';
import { paths } from '#core/paths';

const day = (text: string) => text as CalendarDay;
// The real database layer on fake IndexedDB: slower than a mock on a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5_000 };
let db: UserDb;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Sunday 22 November 2026, afternoon (UTC, the test zone).
  vi.setSystemTime(new Date('2026-11-22T15:00:00Z'));
  // Offline: the kept versions are not asked for.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  db = await freshDb();
});
afterEach(() => {
  db.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Makes writes of the first journal text fail as a full disk would, until restored. */
function failTextWrites() {
  const add = db.outbox.add.bind(db.outbox);
  return vi.spyOn(db.outbox, 'add').mockImplementation((entry, key) => {
    if ('gratitudeOne' in entry.fields) throw new Error('The device is out of storage');
    return add(entry, key);
  });
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li') ?? document.body;

describe('the dashboard views', () => {
  it('shows today, opens the gratitude view, saves as typed and returns on Done with Edit Log', async () => {
    const user = userEvent.setup();
    renderDashboard(db, paths.dashboard.href());
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday, November 22, 2026' })).toBeTruthy();
    expect(screen.getByText('Contemplate your mortality')).toBeTruthy();
    await user.click(within(card('Gratitude Journal')).getByRole('button', { name: /Start Exercise/ }));
    const one = await screen.findByRole('textbox', { name: 'One' });
    expect(screen.getByRole('button', { name: 'Previous entries' })).toHaveProperty('disabled', true);
    await user.type(one, 'Snow');
    await waitFor(async () => {
      expect((await readRecord(db, 'exercises', '2026-11-22'))?.values.gratitudeOne).toBe('Snow');
    }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => {
      expect(within(card('Gratitude Journal')).getByRole('button').textContent).toMatch(/^Edit Log/);
    }, SLOW);
    expect((await readRecord(db, 'exercises', '2026-11-22'))?.values.gratitude).toBe(true);
  });

  it('stays on the gratitude view and says why when the words cannot be saved, instead of marking the day done', async () => {
    const user = userEvent.setup();
    renderDashboard(db, paths.dashboard.href());
    await screen.findByRole('heading', { level: 1, name: 'Sunday, November 22, 2026' });
    await user.click(within(card('Gratitude Journal')).getByRole('button', { name: /Start Exercise/ }));
    const one = await screen.findByRole('textbox', { name: 'One' });
    // The texts cannot be written (a full disk, say); marking the day done still could.
    const full = failTextWrites();
    await user.type(one, 'Snow');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The device is out of storage');
    expect(screen.getByRole('textbox', { name: 'One' })).toHaveProperty('value', 'Snow');
    expect((await readRecord(db, 'exercises', '2026-11-22'))?.values.gratitude).toBeUndefined();

    full.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => {
      expect(within(card('Gratitude Journal')).getByRole('button').textContent).toMatch(/^Edit Log/);
    }, SLOW);
    const saved = await readRecord(db, 'exercises', '2026-11-22');
    expect(saved?.values).toMatchObject({ gratitudeOne: 'Snow', gratitude: true });
  });

  it('keeps words that could not be saved when the page goes, and puts them back and stores them when the journal opens again', async () => {
    localStorage.clear();
    const user = userEvent.setup();
    const first = renderDashboard(db, paths.dashboard.href());
    await screen.findByRole('heading', { level: 1, name: 'Sunday, November 22, 2026' });
    await user.click(within(card('Gratitude Journal')).getByRole('button', { name: /Start Exercise/ }));
    const one = await screen.findByRole('textbox', { name: 'One' });
    const full = failTextWrites();
    await user.type(one, 'Snow');
    expect((await screen.findByRole('alert', undefined, SLOW)).textContent).toBe('The device is out of storage');
    // The tab is closed (or the person goes elsewhere) with the words still unsaved: the save it
    // starts on the way out fails too.
    const triesBefore = full.mock.calls.length;
    first.unmount();
    await waitFor(() => {
      expect(full.mock.calls.length).toBeGreaterThan(triesBefore);
    }, SLOW);
    expect((await readRecord(db, 'exercises', '2026-11-22'))?.values.gratitudeOne).toBeUndefined();

    full.mockRestore();
    renderDashboard(db, paths.dashboard.href());
    await screen.findByRole('heading', { level: 1, name: 'Sunday, November 22, 2026' });
    await user.click(within(card('Gratitude Journal')).getByRole('button', { name: /Start Exercise/ }));
    expect(await screen.findByRole('textbox', { name: 'One' })).toHaveProperty('value', 'Snow');
    await waitFor(async () => {
      expect((await readRecord(db, 'exercises', '2026-11-22'))?.values.gratitudeOne).toBe('Snow');
    }, SLOW);
    await waitFor(() => {
      expect(Object.keys(unsavedJournalStore(db.name).read())).toEqual([]);
    }, SLOW);
  });

  it("stores another day's kept words when the practice opens", async () => {
    localStorage.clear();
    unsavedJournalStore(db.name).keep(day('2026-11-21'), { gratitudeTwo: { text: 'Yesterday’s walk', over: [''] } });
    renderDashboard(db, paths.dashboard.href());
    await waitFor(async () => {
      expect((await readRecord(db, 'exercises', '2026-11-21'))?.values.gratitudeTwo).toBe('Yesterday’s walk');
    }, SLOW);
    expect(unsavedJournalStore(db.name).read()).toEqual({});
  });

  it('sets today’s kept words beside a text written after them, and the field waits for the person’s choice', async () => {
    localStorage.clear();
    const user = userEvent.setup();
    await saveExercise(db, day('2026-11-22'), { gratitudeOne: 'Rain on the window' }, Date.now());
    unsavedJournalStore(db.name).keep(day('2026-11-22'), { gratitudeOne: { text: 'The first snow', over: [''] } });
    renderDashboard(db, paths.dashboardGratitude.href());
    const choice = await screen.findByRole('group', { name: 'Words kept on this device' });
    const one = screen.getByRole('textbox', { name: 'One' });
    expect(one).toHaveProperty('value', 'Rain on the window');
    expect(one).toHaveProperty('readOnly', true);
    expect(within(choice).getByText('The first snow')).toBeTruthy();
    expect((await readRecord(db, 'exercises', '2026-11-22'))?.values.gratitudeOne).toBe('Rain on the window');

    await user.click(within(choice).getByRole('button', { name: 'Use my words' }));
    await waitFor(async () => {
      expect((await readRecord(db, 'exercises', '2026-11-22'))?.values.gratitudeOne).toBe('The first snow');
    }, SLOW);
    expect(one).toHaveProperty('value', 'The first snow');
    expect(one).toHaveProperty('readOnly', false);
    await waitFor(() => expect(unsavedJournalStore(db.name).read()).toEqual({}));
  });

  it('says where the text being typed was changed meanwhile: another tab of this device, or another device', async () => {
    const user = userEvent.setup();
    renderDashboard(db, paths.dashboard.href());
    await screen.findByRole('heading', { level: 1, name: 'Sunday, November 22, 2026' });
    await user.click(within(card('Gratitude Journal')).getByRole('button', { name: /Start Exercise/ }));
    const one = await screen.findByRole('textbox', { name: 'One' });
    await user.type(one, 'Mine');
    await waitFor(async () => {
      expect((await readRecord(db, 'exercises', '2026-11-22'))?.values.gratitudeOne).toBe('Mine');
    }, SLOW);

    // The same person, in a second tab of this browser: the same database, the same device.
    const otherTab = new UserDb(db.name);
    await writeRecord(otherTab, 'exercises', '2026-11-22', { gratitudeOne: 'From the other tab' }, Date.now());
    otherTab.close();
    expect((await screen.findByText(/Changed in another tab or window/, undefined, SLOW)).textContent).toContain('What you type here replaces that text.');
    expect(screen.queryByText(/Updated on another device/)).toBeNull();
    expect(one).toHaveProperty('value', 'Mine');

    await user.type(one, '!');
    // A pull brings another device's text for the same field.
    const phone = formatHlc({ wall: Date.now() + 60_000, counter: 0, node: 'other-phone' });
    await applyChange(db, { table: 'exercises', key: '2026-11-22', values: { gratitudeOne: 'From the phone' }, clocks: { gratitudeOne: phone }, deleted: false, rev: 1 });
    expect(await screen.findByText(/Updated on another device/, undefined, SLOW)).toBeTruthy();
    expect(one).toHaveProperty('value', 'Mine!');
  });

  it('starting the weeks-left exercise marks it done today and opens it', async () => {
    const user = userEvent.setup();
    renderDashboard(db, paths.dashboard.href());
    await screen.findByRole('heading', { name: 'Weeks Left to Live' });
    await user.click(within(card('Weeks Left to Live')).getByRole('button', { name: /Start Exercise/ }));
    expect(await screen.findByRole('heading', { name: 'Weeks-left exercise' }, SLOW)).toBeTruthy();
    expect((await readRecord(db, 'exercises', '2026-11-22'))?.values.mortality).toBe(true);
  });

  it('shows the upgrade prompts to free accounts only', async () => {
    renderDashboard(db, paths.dashboard.href(), { ...ADA, isPaid: true });
    expect(await screen.findByText('More activities coming with our launch later this year!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade now' })).toBeNull();
  });

  it('offers Upgrade now in the sidebar and the banner, and opens what the route gives it', async () => {
    const user = userEvent.setup();
    renderDashboard(db, paths.dashboard.href());
    await screen.findByRole('heading', { name: 'Weeks Left to Live' });
    const offers = screen.getAllByRole('button', { name: 'Upgrade now' });
    expect(offers).toHaveLength(2);
    await user.click(offers[1] as HTMLElement);
    expect(screen.getByRole('button', { name: 'Upgrade offer' })).toBeTruthy();
  });

  it('while an upgrade is under way shows its status instead of every upgrade prompt', async () => {
    renderDashboard(db, paths.dashboard.href(), ADA, <p role="status">Confirming your payment …</p>);
    expect(await screen.findByText('Confirming your payment …')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade now' })).toBeNull();
    expect(screen.queryByText('More activities coming with our launch later this year!')).toBeNull();
  });
});

describe('previous entries', () => {
  it('opens on the latest day with text, steps back to the oldest and right again to today', async () => {
    const user = userEvent.setup();
    await saveExercise(db, day('2026-11-20'), { gratitudeOne: 'Friday text' }, Date.now());
    await saveExercise(db, day('2026-11-21'), { gratitudeOne: 'Saturday text' }, Date.now());
    renderDashboard(db, paths.dashboardGratitude.href());
    await user.click(await screen.findByRole('button', { name: 'Previous entries' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Saturday, November 21, 2026' })).toBeTruthy();
    expect(screen.getByText('Earlier versions from other devices are unavailable offline.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Earlier entry' }));
    expect(await screen.findByText('Friday text')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Earlier entry' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Later entry' }));
    await user.click(await screen.findByRole('button', { name: "Today's entry" }));
    expect(await screen.findByText('Log three items that you are grateful for today.')).toBeTruthy();
  });

  /** Saturday's second text, written on another device after this one kept its own words (their save never landed). */
  async function openPastDayWithReplacedWords() {
    localStorage.clear();
    await saveExercise(db, day('2026-11-21'), { gratitudeTwo: 'A long walk by the river' }, Date.now());
    unsavedJournalStore(db.name).keep(day('2026-11-21'), { gratitudeTwo: { text: 'Yesterday’s walk', over: [''] } });
    renderDashboard(db, paths.dashboardPrevious.href(day('2026-11-21')));
    return screen.findByRole('group', { name: 'Words kept on this device' });
  }

  it('offers a past day’s kept words that a later write replaced, beside that text, and stores them when chosen', async () => {
    const user = userEvent.setup();
    const choice = await openPastDayWithReplacedWords();
    expect(within(choice).getByText('Yesterday’s walk')).toBeTruthy();
    // Opening the practice did not put them over the later text.
    expect((await readRecord(db, 'exercises', '2026-11-21'))?.values.gratitudeTwo).toBe('A long walk by the river');
    expect(unsavedJournalStore(db.name).read()[day('2026-11-21')]?.gratitudeTwo?.text).toBe('Yesterday’s walk');

    await user.click(within(choice).getByRole('button', { name: 'Use my words' }));
    await waitFor(async () => {
      expect((await readRecord(db, 'exercises', '2026-11-21'))?.values.gratitudeTwo).toBe('Yesterday’s walk');
    }, SLOW);
    expect(await screen.findByText('Yesterday’s walk')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Words kept on this device' })).toBeNull();
    expect(unsavedJournalStore(db.name).read()).toEqual({});
  });

  it('lets a past day’s replaced words go when the person keeps the later text', async () => {
    const user = userEvent.setup();
    const choice = await openPastDayWithReplacedWords();
    await user.click(within(choice).getByRole('button', { name: 'Keep the current text' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Words kept on this device' })).toBeNull());
    expect(unsavedJournalStore(db.name).read()).toEqual({});
    expect((await readRecord(db, 'exercises', '2026-11-21'))?.values.gratitudeTwo).toBe('A long walk by the river');
  });
});

describe('the streak calendar', () => {
  it('names each day with its state, and pauses a missed day into the profile', async () => {
    const user = userEvent.setup();
    await saveExercise(db, day('2026-11-20'), { mortality: true, gratitude: true }, Date.now());
    renderDashboard(db, paths.dashboard.href());
    expect(await screen.findByRole('cell', { name: 'Friday, November 20: done' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Sunday, November 22: not done yet, today' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'November 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Saturday, November 21: missed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause Saturday, November 21?' });
    expect(within(dialog).getByText('2 pauses left this month.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Pause day' }));
    expect(await screen.findByRole('button', { name: 'Saturday, November 21: paused' })).toBeTruthy();
    expect((await readProfile(db)).streakFreezes).toEqual(['2026-11-21']);
    // Friday done, Saturday paused, today still open: a streak of one.
    const current = screen.getByText('Current streak').closest('div');
    expect(current?.textContent).toContain('1 day');

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('table', { name: 'October 2026' })).toBeTruthy();
  });

  it("counts a day done by the person's rule: choosing the gratitude journal makes a gratitude-only day done", async () => {
    const user = userEvent.setup();
    await saveExercise(db, day('2026-11-21'), { gratitude: true }, Date.now());
    renderDashboard(db, paths.dashboardAccount.href());
    const rule = await screen.findByRole('combobox', { name: 'A day counts as done when…' });
    expect(rule).toHaveProperty('value', 'both');

    await user.selectOptions(rule, 'The gratitude journal is done');
    await waitFor(async () => expect((await readProfile(db)).doneRule).toBe('gratitude'), SLOW);
    // The select shows the stored value once the live query has re-rendered with it.
    await waitFor(() => expect(rule).toHaveProperty('value', 'gratitude'), SLOW);

    await user.click(screen.getByRole('link', { name: /Home/ }));
    expect(await screen.findByRole('cell', { name: 'Saturday, November 21: done' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Current streak').closest('div')?.textContent).toContain('1 day');
  });

  it('keeps a gratitude-only day missed under the default rule (both exercises)', async () => {
    await saveExercise(db, day('2026-11-21'), { gratitude: true }, Date.now());
    renderDashboard(db, paths.dashboard.href());
    expect(await screen.findByRole('button', { name: 'Saturday, November 21: missed' }, SLOW)).toBeTruthy();
  });
});
