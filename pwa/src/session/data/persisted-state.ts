import {
  CLIENT_STATE_STORAGE_KEY,
  parseClientState,
  serializeClientState,
  type ClientState,
} from '#core/schemas/client-state';

/** The parts of `localStorage` the session needs; tests pass an in-memory one. */
export type StateStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Where `storage` events arrive from other tabs: `window` in the app. */
export type StorageEventSource = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Reads the stored state; storage that is blocked or damaged reads as the defaults. */
export function readPersistedState(storage: StateStorage): ClientState {
  let stored: string | null = null;
  try {
    stored = storage.getItem(CLIENT_STATE_STORAGE_KEY);
  } catch {
    // Storage can be switched off (private modes, site settings): run on defaults in memory.
  }
  return parseClientState(stored);
}

/** Writes the state; returns false when storage refused it (full or blocked). */
export function writePersistedState(storage: StateStorage, state: ClientState): boolean {
  try {
    storage.setItem(CLIENT_STATE_STORAGE_KEY, serializeClientState(state));
    return true;
  } catch {
    return false;
  }
}

/** Calls back with the new state whenever another tab writes (or clears) the stored state. */
export function onOtherTabWrite(
  source: StorageEventSource,
  onChange: (state: ClientState) => void,
): () => void {
  const listener = (event: StorageEvent) => {
    // key is null when another tab cleared all of local storage.
    if (event.key !== CLIENT_STATE_STORAGE_KEY && event.key !== null) return;
    onChange(parseClientState(event.key === null ? null : event.newValue));
  };
  source.addEventListener('storage', listener);
  return () => source.removeEventListener('storage', listener);
}
