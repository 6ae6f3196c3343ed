import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage');
  vi.resetModules();
});

async function freshModule() {
  vi.resetModules();
  return import('./persist-storage');
}

describe('requestPersistentStorageOnce', () => {
  it('asks the browser once per page load', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    const persisted = vi.fn(() => Promise.resolve(false));
    Object.defineProperty(navigator, 'storage', { value: { persist, persisted }, configurable: true });
    const { requestPersistentStorageOnce } = await freshModule();

    await expect(requestPersistentStorageOnce()).resolves.toBe(true);
    await requestPersistentStorageOnce();
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when storage is already persistent', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    Object.defineProperty(navigator, 'storage', {
      value: { persist, persisted: () => Promise.resolve(true) },
      configurable: true,
    });
    const { requestPersistentStorageOnce } = await freshModule();
    await expect(requestPersistentStorageOnce()).resolves.toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('is asked for after the first saved record', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    Object.defineProperty(navigator, 'storage', {
      value: { persist, persisted: () => Promise.resolve(false) },
      configurable: true,
    });
    vi.resetModules();
    const { openUserDb } = await import('./user-db');
    const { writeRecord } = await import('./write-record');
    const db = await openUserDb('persist-check');
    expect(persist).not.toHaveBeenCalled();
    await writeRecord(db, 'exercises', '2026-03-01', { gratitude: true }, 1);
    await writeRecord(db, 'exercises', '2026-03-02', { gratitude: true }, 2);
    await vi.waitFor(() => {
      expect(persist).toHaveBeenCalledTimes(1);
    });
    db.close();
  });

  it('is a quiet no-op where the browser has no StorageManager', async () => {
    const { requestPersistentStorageOnce } = await freshModule();
    await expect(requestPersistentStorageOnce()).resolves.toBe(false);
  });
});
