import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_STATE_STORAGE_KEY,
  DEFAULT_CLIENT_STATE,
  parseClientState,
  serializeClientState,
  type ClientState,
} from '#core/schemas/client-state';
import { createSessionStore } from './session-store';

function memoryStorage(initial: string | null = null) {
  const values = new Map<string, string>();
  if (initial !== null) values.set(CLIENT_STATE_STORAGE_KEY, initial);
  return {
    getItem: vi.fn((key: string) => values.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => {
      values.set(key, value);
    }),
    stored: () => parseClientState(values.get(CLIENT_STATE_STORAGE_KEY) ?? null),
  };
}

const withMessage = (message: string) => (state: ClientState) => ({
  ...state,
  toast: { show: true, message },
});

describe('session store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the stored state once and falls back to defaults when it is damaged', () => {
    const storage = memoryStorage('{"user": {"user_email": 42}');
    const store = createSessionStore({ storage, events: window });
    expect(store.getSnapshot()).toEqual(DEFAULT_CLIENT_STATE);
    store.getSnapshot();
    expect(storage.getItem).toHaveBeenCalledTimes(1);
    store.dispose();
  });

  it('writes back at most once per second, always with the latest state', () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage, events: window, debounceMs: 1000 });

    store.update(withMessage('one'));
    vi.advanceTimersByTime(400);
    store.update(withMessage('two'));
    vi.advanceTimersByTime(599);
    expect(storage.setItem).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(storage.setItem).toHaveBeenCalledTimes(1);
    expect(storage.stored().toast.message).toBe('two');

    store.update(withMessage('three'));
    store.update(withMessage('four'));
    vi.advanceTimersByTime(1000);
    expect(storage.setItem).toHaveBeenCalledTimes(2);
    expect(storage.stored().toast.message).toBe('four');
    store.dispose();
  });

  it('writes a pending change at once when flushed, and nothing when there is none', () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage, events: window });
    store.flush();
    expect(storage.setItem).not.toHaveBeenCalled();
    store.update(withMessage('saved'));
    store.flush();
    expect(storage.setItem).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(storage.setItem).toHaveBeenCalledTimes(1);
    store.dispose();
  });

  it('follows writes made in another tab', () => {
    const store = createSessionStore({ storage: memoryStorage(), events: window });
    const listener = vi.fn();
    store.subscribe(listener);
    const other: ClientState = {
      ...DEFAULT_CLIENT_STATE,
      user: { ...DEFAULT_CLIENT_STATE.user, user_email: 'ada@example.test' },
    };
    window.dispatchEvent(
      new StorageEvent('storage', { key: CLIENT_STATE_STORAGE_KEY, newValue: serializeClientState(other) }),
    );
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().user.user_email).toBe('ada@example.test');

    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: 'x' }));
    expect(listener).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(store.getSnapshot()).toEqual(DEFAULT_CLIENT_STATE);
    store.dispose();
  });

  it('signs out at once: user and expert cleared, written without waiting, listeners told who it was', () => {
    const signedIn: ClientState = {
      ...DEFAULT_CLIENT_STATE,
      user: { ...DEFAULT_CLIENT_STATE.user, token: 'token-1', user_email: 'ada@example.test', userDetails: { id: 'u1' } },
      expert: { siteName: 'ada' },
    };
    const storage = memoryStorage(serializeClientState(signedIn));
    const store = createSessionStore({ storage, events: window });
    const listener = vi.fn();
    store.onSignOut(listener);

    store.signOut('user');
    expect(store.getSnapshot()).toEqual({ ...DEFAULT_CLIENT_STATE, toast: signedIn.toast });
    expect(storage.setItem).toHaveBeenCalledTimes(1);
    expect(storage.stored().user).toEqual(DEFAULT_CLIENT_STATE.user);
    expect(storage.stored().expert).toEqual({});
    expect(listener).toHaveBeenCalledWith({ user: signedIn.user, reason: 'user', deviceCopy: 'keep' });

    store.signOut('user');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.lastSignOut()).toBe('user');

    store.update((state) => ({ ...state, user: signedIn.user }));
    expect(store.lastSignOut()).toBeNull();
    store.dispose();
  });
});
