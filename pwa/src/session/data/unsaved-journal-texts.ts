import type { CalendarDay } from '#core/dates/calendar-day';
import {
  dropStoredTexts,
  keepTexts,
  keptTextsWhose,
  parseUnsavedJournalTexts,
  type JournalTexts,
  type KeptJournalTexts,
  type UnsavedJournalTexts,
} from '#core/practice/unsaved-journal-texts';
import { journalEntry } from '#core/practice/journal-entry';
import type { JournalTextField } from '#core/schemas/records';
import { readRecord } from '../../db/read-record';
import type { UserDb } from '../../db/user-db';
import { writeRecord } from '../../db/write-record';
import { currentInstant } from '../../lib/clock';
import { deviceStorage } from '../../lib/device-storage';

/**
 * Where this device keeps journal words it could not store in IndexedDB yet, per database (so per
 * account): localStorage, written at once, so it outlasts a page that is closing. When storage is
 * blocked or full, a copy in memory serves this page.
 */

type TextStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'memento.unsaved-journal.';
const storageKey = (dbName: string) => `${PREFIX}${dbName}`;
const inMemory = new Map<string, UnsavedJournalTexts>();

export interface UnsavedJournalStore {
  readonly read: () => UnsavedJournalTexts;
  /** Keeps the day's on-screen words that are not stored yet. */
  readonly keep: (day: CalendarDay, texts: KeptJournalTexts) => void;
  /** Forgets what was kept for the day once these texts are stored, or the person gave them up. */
  readonly stored: (day: CalendarDay, texts: JournalTexts) => void;
}

export function unsavedJournalStore(dbName: string, storage: TextStorage | null = deviceStorage()): UnsavedJournalStore {
  const key = storageKey(dbName);
  const read = (): UnsavedJournalTexts => {
    const held = inMemory.get(key);
    if (held !== undefined) return held;
    try {
      return parseUnsavedJournalTexts(storage?.getItem(key) ?? null);
    } catch {
      return {};
    }
  };
  const write = (copy: UnsavedJournalTexts) => {
    try {
      if (storage === null) throw new Error('no storage');
      if (Object.keys(copy).length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(copy));
      inMemory.delete(key);
    } catch {
      // Blocked or full: this page holds the copy.
      inMemory.set(key, copy);
    }
  };
  return {
    read,
    keep: (day, texts) => write(keepTexts(read(), day, texts)),
    stored: (day, texts) => {
      const copy = read();
      const next = dropStoredTexts(copy, day, texts);
      if (next !== copy) write(next);
    },
  };
}

/**
 * Stores the words kept for days other than `except` (the day whose journal is open: its draft
 * restores them itself), forgetting each day's once stored. A day whose save fails again stays kept
 * for the next try. Words that a later write replaced since they were kept are left kept, for the
 * person to choose (see `keptWordsFate`).
 */
export async function storeKeptDays(
  store: UnsavedJournalStore,
  readStored: (day: CalendarDay) => Promise<Readonly<Record<JournalTextField, string>>>,
  save: (day: CalendarDay, texts: JournalTexts) => Promise<void>,
  except: CalendarDay | null,
): Promise<void> {
  for (const [day, kept] of Object.entries(store.read()) as [CalendarDay, KeptJournalTexts | undefined][]) {
    if (day === except || kept === undefined) continue;
    try {
      const stored = await readStored(day);
      const alreadyStored = keptTextsWhose(kept, stored, 'stored');
      if (Object.keys(alreadyStored).length > 0) store.stored(day, alreadyStored);
      const lost = keptTextsWhose(kept, stored, 'unstored');
      if (Object.keys(lost).length === 0) continue;
      await save(day, lost);
      store.stored(day, lost);
    } catch {
      // Still kept: tried again the next time the practice opens.
    }
  }
}

/** How many fields' words are kept, over every day. */
export function keptWordCount(copy: UnsavedJournalTexts): number {
  return Object.values(copy).reduce((count, texts) => count + Object.keys(texts ?? {}).length, 0);
}

/**
 * Stores the kept words of every day but `except` (a day whose journal is open brings its own back)
 * that were lost on the way, in the person's database, so they sync like any other change. The
 * dashboard calls it as it opens, and Log Out (with no day excepted) before the device's copy goes.
 * Answers how many fields' words are still kept: those waiting for the person's choice, and those
 * whose save failed again.
 */
export async function storeKeptWords(db: UserDb, except: CalendarDay | null, nowMs: () => number = () => currentInstant().getTime()): Promise<number> {
  const store = unsavedJournalStore(db.name);
  await storeKeptDays(
    store,
    async (day) => journalEntry(day, (await readRecord(db, 'exercises', day))?.values ?? {}),
    async (day, texts) => {
      await writeRecord(db, 'exercises', day, texts, nowMs());
    },
    except,
  );
  return keptWordCount(store.read());
}

/** Forgets every kept text of the database's account (its records left the device). */
export function forgetUnsavedJournal(dbName: string, storage: TextStorage | null = deviceStorage()): void {
  const key = storageKey(dbName);
  inMemory.delete(key);
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing kept there.
  }
}
