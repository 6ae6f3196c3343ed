import { readSavedSomethingNew, type SavedSomethingNew } from '#core/something-new/profiles-reply';
import { deviceStorage } from '../../../lib/device-storage';

type ProfilesStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The profiles seen last, kept on this device for offline visits (a few kilobytes). */
const STORAGE_KEY = 'memento.somethingNew';

/** What was saved, checked as its schema says (without loading it); anything damaged counts as nothing saved. */
export function readSavedProfiles(storage: ProfilesStorage | null = deviceStorage()): SavedSomethingNew | null {
  try {
    const text = storage?.getItem(STORAGE_KEY);
    if (text === null || text === undefined) return null;
    return readSavedSomethingNew(JSON.parse(text));
  } catch {
    return null;
  }
}

export function saveProfiles(saved: SavedSomethingNew, storage: ProfilesStorage | null = deviceStorage()): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Full or blocked storage: the profiles are still shown on this visit.
  }
}
