import { liveQuery } from 'dexie';
import type { GameSaveRecord, SaveReading } from '#core/game/save';
import { readSaveRecord } from '#core/game/save';
import { SINGLETON_KEY } from '#core/sync/protocol';
import { readRecord } from '../../../db/read-record';
import { readWhileOpen } from '../../../db/read-while-open';
import type { UserDb } from '../../../db/user-db';
import { writeRecord } from '../../../db/write-record';

/**
 * The signed-in person's game as the synced `gameProgress` record: written offline-first (the
 * record and its outbox entry in one transaction), so another device continues the same game.
 * Loaded only when someone is signed in: the public game page does not carry the database code.
 */

async function readSyncedSave(db: UserDb): Promise<SaveReading> {
  const record = await readRecord(db, 'gameProgress', SINGLETON_KEY);
  return readSaveRecord(record?.values.state ?? null);
}

/** Saves the game in the person's records; queued for the server. */
export async function writeSyncedSave(db: UserDb, save: GameSaveRecord, nowMs: number): Promise<void> {
  await writeRecord(db, 'gameProgress', SINGLETON_KEY, { state: { ...save } }, nowMs);
}

/** Calls `onSave` with the synced save now and whenever a sync (or another tab) changes it. */
export function watchSyncedSave(db: UserDb, onSave: (reading: SaveReading) => void): () => void {
  const subscription = liveQuery(() => readWhileOpen(db, readSyncedSave)).subscribe({
    next: (reading) => {
      if (reading !== undefined) onSave(reading);
    },
    error: (error: unknown) => {
      console.warn('The synced game could not be read', error);
    },
  });
  return () => {
    subscription.unsubscribe();
  };
}
