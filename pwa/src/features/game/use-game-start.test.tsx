import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GAME_SAVE_STORAGE_KEY, readSaveRecord, toSaveRecord } from '#core/game/save';
import { SINGLETON_KEY } from '#core/sync/protocol';
import { readRecord } from '../../db/read-record';
import { UserDbContext } from '../../session/user-db-context';
import type { UserDb } from '../../db/user-db';
import { freshDb } from '../../sync/testing/fixtures';
import { writeSyncedSave } from './data/synced-save';
import { newGameContext } from './game.machine';
import { NOTICES } from './game-start';
import { useGameSession } from './use-game-start';

const farmSave = (strength: number, at: number) =>
  toSaveRecord({ status: 'active', value: 'farm', context: { ...newGameContext(3), strength }, children: {} }, at);

function renderSession(db: UserDb | null) {
  const wrapper = ({ children }: { children: ReactNode }) => <UserDbContext value={db}>{children}</UserDbContext>;
  return renderHook(() => useGameSession(), { wrapper });
}

let db: UserDb;

beforeEach(async () => {
  localStorage.clear();
  db = await freshDb('game');
});

afterEach(() => {
  db.close();
});

describe('useGameSession', () => {
  it('signed out: continues the game kept on this device', () => {
    localStorage.setItem(GAME_SAVE_STORAGE_KEY, JSON.stringify(farmSave(5, 1_000)));
    const { result } = renderSession(null);
    expect(result.current.start.snapshot?.context.strength).toBe(5);
    expect(result.current.start.notice).toBe(NOTICES.continued);
  });

  it('signed out: a damaged save starts a new game with a message', () => {
    localStorage.setItem(GAME_SAVE_STORAGE_KEY, '{"version":1');
    const { result } = renderSession(null);
    expect(result.current.start.snapshot).toBeUndefined();
    expect(result.current.start.notice).toBe(NOTICES.damaged);
  });

  it('signed in: a newer game from another device takes over, and is kept on this device too', async () => {
    localStorage.setItem(GAME_SAVE_STORAGE_KEY, JSON.stringify(farmSave(5, 1_000)));
    await writeSyncedSave(db, farmSave(9, 2_000), 2_000);
    const { result } = renderSession(db);
    await waitFor(() => {
      expect(result.current.start.snapshot?.context.strength).toBe(9);
    });
    expect(result.current.start.notice).toBe(NOTICES.fromOtherDevice);
    expect(readSaveRecord(JSON.parse(localStorage.getItem(GAME_SAVE_STORAGE_KEY) ?? 'null'))).toMatchObject({ savedAt: 2_000 });
  });

  it('signed in: this device’s newer game goes to the account, and each save after it too', async () => {
    localStorage.setItem(GAME_SAVE_STORAGE_KEY, JSON.stringify(farmSave(7, 3_000)));
    await writeSyncedSave(db, farmSave(3, 2_000), 2_000);
    const { result } = renderSession(db);
    const syncedStrength = async () => {
      const record = await readRecord(db, 'gameProgress', SINGLETON_KEY);
      const reading = readSaveRecord(record?.values.state ?? null);
      return reading.kind === 'ok' ? reading.snapshot.context.strength : null;
    };
    await waitFor(async () => {
      expect(await syncedStrength()).toBe(7);
    });
    expect(result.current.start.snapshot?.context.strength).toBe(7);
    act(() => {
      result.current.save(farmSave(11, 4_000));
    });
    await waitFor(async () => {
      expect(await syncedStrength()).toBe(11);
    });
  });
});
