import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '#core/dates/calendar-day';
import { forgetUnsavedJournal, storeKeptDays, unsavedJournalStore } from './unsaved-journal-texts';

const day = (text: string) => text as CalendarDay;
const NOTHING_STORED = { gratitudeOne: '', gratitudeTwo: '', gratitudeThree: '' };

function memoryStorage(full = false) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (full) throw new DOMException('Quota exceeded', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => {
      items.delete(key);
    },
  };
}

describe('the device copy of journal words not stored yet', () => {
  it('is kept per account: one person never reads another’s', () => {
    const storage = memoryStorage();
    unsavedJournalStore('memento-user-ada', storage).keep(day('2026-11-22'), { gratitudeOne: { text: 'Snow', over: [''] } });
    expect(unsavedJournalStore('memento-user-bob', storage).read()).toEqual({});
    expect(unsavedJournalStore('memento-user-ada', storage).read()).toEqual({ '2026-11-22': { gratitudeOne: { text: 'Snow', over: [''] } } });
  });

  it('leaves storage once everything kept is stored, and is forgotten with the account’s records', () => {
    const storage = memoryStorage();
    const ada = unsavedJournalStore('memento-user-ada', storage);
    ada.keep(day('2026-11-22'), { gratitudeOne: { text: 'Snow', over: [''] } });
    ada.stored(day('2026-11-22'), { gratitudeOne: 'Snow' });
    expect(storage.items.size).toBe(0);
    ada.keep(day('2026-11-22'), { gratitudeOne: { text: 'Snow', over: [''] } });
    forgetUnsavedJournal('memento-user-ada', storage);
    expect(ada.read()).toEqual({});
  });

  it('holds the words in memory for this page when storage refuses them', () => {
    const ada = unsavedJournalStore('memento-user-full', memoryStorage(true));
    ada.keep(day('2026-11-22'), { gratitudeOne: { text: 'Snow', over: [''] } });
    expect(ada.read()).toEqual({ '2026-11-22': { gratitudeOne: { text: 'Snow', over: [''] } } });
    forgetUnsavedJournal('memento-user-full', null);
  });

  it('stores other days’ words, keeps a day whose save fails again, and leaves the open day to its journal', async () => {
    const ada = unsavedJournalStore('memento-user-ada', memoryStorage());
    ada.keep(day('2026-11-20'), { gratitudeOne: { text: 'Rain', over: [''] } });
    ada.keep(day('2026-11-21'), { gratitudeOne: { text: 'Walk', over: [''] } });
    ada.keep(day('2026-11-22'), { gratitudeOne: { text: 'Snow', over: [''] } });
    const saved: string[] = [];
    await storeKeptDays(
      ada,
      () => Promise.resolve(NOTHING_STORED),
      (target, texts) => {
        if (target === '2026-11-20') return Promise.reject(new Error('Out of storage'));
        saved.push(`${target} ${texts.gratitudeOne ?? ''}`);
        return Promise.resolve();
      },
      day('2026-11-22'),
    );
    expect(saved).toEqual(['2026-11-21 Walk']);
    expect(ada.read()).toEqual({
      '2026-11-20': { gratitudeOne: { text: 'Rain', over: [''] } },
      '2026-11-22': { gratitudeOne: { text: 'Snow', over: [''] } },
    });
  });

  it('never puts a past day’s words over a text written after them: those stay kept for the person', async () => {
    const ada = unsavedJournalStore('memento-user-ada', memoryStorage());
    ada.keep(day('2026-11-20'), {
      // Saved after all: the page went before it heard so.
      gratitudeOne: { text: 'Rain', over: [''] },
      // Replaced on another device since.
      gratitudeTwo: { text: 'Walk', over: [''] },
      // Never stored.
      gratitudeThree: { text: 'Tea', over: [''] },
    });
    const saved: unknown[] = [];
    await storeKeptDays(
      ada,
      () => Promise.resolve({ gratitudeOne: 'Rain', gratitudeTwo: 'A long walk by the river', gratitudeThree: '' }),
      (_target, texts) => {
        saved.push(texts);
        return Promise.resolve();
      },
      day('2026-11-22'),
    );
    expect(saved).toEqual([{ gratitudeThree: 'Tea' }]);
    expect(ada.read()).toEqual({ '2026-11-20': { gratitudeTwo: { text: 'Walk', over: [''] } } });
  });

  it('keeps a day whose stored texts cannot be read', async () => {
    const ada = unsavedJournalStore('memento-user-ada', memoryStorage());
    ada.keep(day('2026-11-20'), { gratitudeOne: { text: 'Rain', over: [''] } });
    await storeKeptDays(ada, () => Promise.reject(new Error('The database closed')), () => Promise.resolve(), day('2026-11-22'));
    expect(ada.read()).toEqual({ '2026-11-20': { gratitudeOne: { text: 'Rain', over: [''] } } });
  });
});
