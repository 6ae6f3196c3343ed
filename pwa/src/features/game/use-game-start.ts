import { useCallback, useEffect, useRef, useState } from 'react';
import { toSaveRecord, type GameSaveRecord, type SaveReading } from '#core/game/save';
import { useUserDb } from '../../session/user-db-context';
import { useSession } from '../../session/use-session';
import { currentInstant } from '../../lib/clock';
import { readDeviceSave, writeDeviceSave } from './data/device-save';
import { newSeed, NOTICES, startFrom, type GameStart } from './game-start';

const loadSyncedSave = () => import('./data/synced-save');

function recordOf(reading: SaveReading): GameSaveRecord | null {
  return reading.kind === 'ok' ? toSaveRecord(reading.snapshot, reading.savedAt) : null;
}

export interface GameSession {
  readonly start: GameStart;
  /** Keeps a game at rest: on this device, and in the person's synced records when signed in. */
  readonly save: (record: GameSaveRecord) => void;
  /** Whether the game on screen is at rest (a synced game from another device waits until it is). */
  readonly setResting: (resting: boolean) => void;
  readonly newGame: () => void;
}

/**
 * Which game the page plays and where it is kept. The newest save wins: this device's, or for a
 * signed-in person the synced one (another device's), which may also arrive while the page is
 * open. A fresh game is not saved until the player does something, so merely opening the page
 * never replaces a game kept elsewhere.
 */
export function useGameSession(): GameSession {
  const db = useUserDb();
  const { userId } = useSession();
  const [initial] = useState(() => readDeviceSave(userId));
  const [start, setStart] = useState<GameStart>(() => startFrom(initial, 0, newSeed(), NOTICES.continued));
  const lastSave = useRef<GameSaveRecord | null>(recordOf(initial));
  const resting = useRef(true);

  const save = useCallback(
    (record: GameSaveRecord) => {
      lastSave.current = record;
      writeDeviceSave(record, userId);
      if (db === null) return;
      loadSyncedSave()
        .then((synced) => synced.writeSyncedSave(db, record, record.savedAt))
        .catch((error: unknown) => {
          console.warn('The game could not be saved to your account', error);
        });
    },
    [db, userId],
  );

  useEffect(() => {
    if (db === null) return;
    let stopped = false;
    let stopWatching: (() => void) | undefined;
    void loadSyncedSave().then((synced) => {
      if (stopped) return;
      stopWatching = synced.watchSyncedSave(db, (reading) => {
        const mine = lastSave.current;
        if (reading.kind === 'ok' && reading.savedAt > (mine?.savedAt ?? 0)) {
          if (!resting.current) return;
          const record = recordOf(reading);
          lastSave.current = record;
          if (record !== null) writeDeviceSave(record, userId);
          setStart((current) => startFrom(reading, current.key + 1, newSeed(), NOTICES.fromOtherDevice));
        } else if (mine !== null && (reading.kind !== 'ok' || reading.savedAt < mine.savedAt)) {
          // This device's game is newer (played signed out, or offline): the account takes it.
          synced.writeSyncedSave(db, mine, currentInstant().getTime()).catch((error: unknown) => {
            console.warn('The game could not be saved to your account', error);
          });
        }
      });
    });
    return () => {
      stopped = true;
      stopWatching?.();
    };
  }, [db, userId]);

  const setResting = useCallback((value: boolean) => {
    resting.current = value;
  }, []);

  const newGame = useCallback(() => {
    setStart((current) => ({ key: current.key + 1, seed: newSeed(), snapshot: undefined, notice: null }));
  }, []);

  return { start, save, setResting, newGame };
}
