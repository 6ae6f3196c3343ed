import { GAME_SAVE_STORAGE_KEY, readSaveText, type GameSaveRecord, type SaveReading } from '#core/game/save';

/**
 * The game kept on this device, in local storage: what a reload, or opening the page offline,
 * continues. Storage may be switched off or full; the game then simply is not kept.
 */

const SOUND_STORAGE_KEY = 'memento-game-sound';

function deviceStorage(): Storage | null {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

export function readDeviceSave(): SaveReading {
  try {
    return readSaveText(deviceStorage()?.getItem(GAME_SAVE_STORAGE_KEY) ?? null);
  } catch {
    return { kind: 'none' };
  }
}

export function writeDeviceSave(save: GameSaveRecord): void {
  try {
    deviceStorage()?.setItem(GAME_SAVE_STORAGE_KEY, JSON.stringify(save));
  } catch {
    // Full or blocked: the game goes on, it just is not kept.
  }
}

/** Whether sounds are on (the default) or the person muted them, remembered on this device. */
export function readSoundOn(): boolean {
  try {
    return deviceStorage()?.getItem(SOUND_STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function writeSoundOn(on: boolean): void {
  try {
    deviceStorage()?.setItem(SOUND_STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Remembered for this page only.
  }
}
