import { GAME_SAVE_STORAGE_KEY, readSaveText, type GameSaveRecord, type SaveReading } from '#core/game/save';
import { deviceStorage } from '../../../lib/device-storage';

/**
 * The game kept on this device, in local storage: what a reload, or opening the page offline,
 * continues. Storage may be switched off or full; the game then simply is not kept.
 */

const SOUND_STORAGE_KEY = 'memento-game-sound';

/** Whose game the device save is: the signed-in person's id, or absent for a game played signed out. */
const OWNER_STORAGE_KEY = 'memento-game-owner';

/**
 * The game kept on this device for `userId` (null when signed out). A game another person played
 * signed in on this device is theirs: it is neither shown here nor handed to this account. A game
 * played signed out belongs to whoever signs in next.
 */
export function readDeviceSave(userId: string | null): SaveReading {
  try {
    const storage = deviceStorage();
    const owner = storage?.getItem(OWNER_STORAGE_KEY) ?? null;
    if (owner !== null && owner !== userId) return { kind: 'none' };
    return readSaveText(storage?.getItem(GAME_SAVE_STORAGE_KEY) ?? null);
  } catch {
    return { kind: 'none' };
  }
}

export function writeDeviceSave(save: GameSaveRecord, userId: string | null): void {
  try {
    const storage = deviceStorage();
    storage?.setItem(GAME_SAVE_STORAGE_KEY, JSON.stringify(save));
    if (userId === null) storage?.removeItem(OWNER_STORAGE_KEY);
    else storage?.setItem(OWNER_STORAGE_KEY, userId);
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

/**
 * Whether this device keeps anything of the game for someone signed out: a save (even one that
 * cannot be read, which the page mentions) or the sound switched off. Without either, the page
 * opens on a new game with sound, as the build writes it.
 */
export function deviceKeepsGame(): boolean {
  return readDeviceSave(null).kind !== 'none' || !readSoundOn();
}
