import { beforeEach, describe, expect, it } from 'vitest';
import { newGameContext } from '../game.machine';
import { GAME_SAVE_STORAGE_KEY, toSaveRecord } from '#core/game/save';
import { deviceKeepsGame, readDeviceSave, writeDeviceSave, writeSoundOn } from './device-save';

const farmSave = (strength: number) =>
  toSaveRecord({ status: 'active', value: 'farm', context: { ...newGameContext(3), strength }, children: {} }, 1_000);

beforeEach(() => {
  localStorage.clear();
});

describe('the game kept on this device', () => {
  it('is continued by the person who played it signed in', () => {
    writeDeviceSave(farmSave(7), 'user-ada');
    expect(readDeviceSave('user-ada')).toMatchObject({ kind: 'ok', snapshot: { context: { strength: 7 } } });
  });

  it('is not shown to, nor handed to the account of, another person on a shared device', () => {
    writeDeviceSave(farmSave(7), 'user-ada');
    expect(readDeviceSave('user-grace')).toEqual({ kind: 'none' });
    expect(readDeviceSave(null)).toEqual({ kind: 'none' });
  });

  it('played signed out, belongs to whoever signs in next', () => {
    writeDeviceSave(farmSave(7), 'user-ada');
    writeDeviceSave(farmSave(4), null);
    expect(readDeviceSave('user-grace')).toMatchObject({ kind: 'ok', snapshot: { context: { strength: 4 } } });
  });
});

describe('whether the page written as a new game fits this device', () => {
  it('fits a device with no game and the sound on', () => {
    expect(deviceKeepsGame()).toBe(false);
    writeSoundOn(true);
    expect(deviceKeepsGame()).toBe(false);
  });

  it('does not fit a device with a game played signed out, nor one with a save it cannot read', () => {
    writeDeviceSave(farmSave(7), null);
    expect(deviceKeepsGame()).toBe(true);
    localStorage.setItem(GAME_SAVE_STORAGE_KEY, '{not json');
    expect(deviceKeepsGame()).toBe(true);
  });

  it('does not fit a device where the sound was switched off', () => {
    writeSoundOn(false);
    expect(deviceKeepsGame()).toBe(true);
  });

  it('fits a device whose only game is another person’s, played signed in (not shown signed out)', () => {
    writeDeviceSave(farmSave(7), 'user-ada');
    expect(deviceKeepsGame()).toBe(false);
  });
});
