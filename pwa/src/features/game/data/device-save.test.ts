import { beforeEach, describe, expect, it } from 'vitest';
import { toSaveRecord } from '#core/game/save';
import { newGameContext } from '../game.machine';
import { readDeviceSave, writeDeviceSave } from './device-save';

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
