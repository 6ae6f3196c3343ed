import { savedSomethingNewSchema, type SavedSomethingNew } from '#core/schemas/something-new';

type ProfilesStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The profiles seen last, kept on this device for offline visits (a few kilobytes). */
const STORAGE_KEY = 'memento.somethingNew';

function localStore(): ProfilesStorage | null {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage blocked: the page shows only what it fetches on this visit.
    return null;
  }
}

/** What was saved, checked with its schema; anything damaged counts as nothing saved. */
export function readSavedProfiles(storage: ProfilesStorage | null = localStore()): SavedSomethingNew | null {
  try {
    const text = storage?.getItem(STORAGE_KEY);
    if (text === null || text === undefined) return null;
    const parsed = savedSomethingNewSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveProfiles(saved: SavedSomethingNew, storage: ProfilesStorage | null = localStore()): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Full or blocked storage: the profiles are still shown on this visit.
  }
}
