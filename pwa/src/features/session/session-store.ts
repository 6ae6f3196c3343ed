import { PERSIST_DEBOUNCE_MS } from '#core/ui-timing';
import type { ClientState } from '#core/schemas/client-state';
import {
  onOtherTabWrite,
  readPersistedState,
  writePersistedState,
  type StateStorage,
  type StorageEventSource,
} from './data/persisted-state';

export interface SessionStore {
  getSnapshot: () => ClientState;
  subscribe: (listener: () => void) => () => void;
  update: (recipe: (state: ClientState) => ClientState) => void;
  /** Writes a pending change now (used when the page is being hidden or closed). */
  flush: () => void;
  dispose: () => void;
}

export interface SessionStoreOptions {
  readonly storage: StateStorage;
  readonly events: StorageEventSource;
  readonly debounceMs?: number;
}

/**
 * The client state in memory, loaded once. Changes are written back at most once per
 * `debounceMs`: the first change starts the timer and later ones ride along, so typing never
 * writes on every keystroke and the last change is always written. Another tab's write replaces
 * the state here, so every open tab shows the same person.
 */
export function createSessionStore({
  storage,
  events,
  debounceMs = PERSIST_DEBOUNCE_MS,
}: SessionStoreOptions): SessionStore {
  let state = readPersistedState(storage);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    writePersistedState(storage, state);
  };

  const stopListening = onOtherTabWrite(events, (next) => {
    clearTimeout(timer);
    timer = undefined;
    state = next;
    notify();
  });

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(recipe) {
      const next = recipe(state);
      if (next === state) return;
      state = next;
      notify();
      timer ??= setTimeout(flush, debounceMs);
    },
    flush,
    dispose() {
      flush();
      stopListening();
      listeners.clear();
    },
  };
}
