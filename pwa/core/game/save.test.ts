import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAME_SAVE_VERSION, readSaveRecord, readSaveText, toSaveRecord, type GameContext } from './save';

const context: GameContext = {
  rng: 42,
  strength: 3,
  defence: 5,
  health: 60.7,
  enemy: 'boss',
  enemyHealth: 94,
  message: 'You hit the boss for 6.',
  critterFights: 3,
};
const atRest = { status: 'active', value: { bossFight: 'ready' }, context, children: {}, historyValue: {} };

describe('game saves', () => {
  it('reads back a snapshot at rest with its time', () => {
    const reading = readSaveRecord(toSaveRecord(atRest, 1_000));
    expect(reading).toEqual({ kind: 'ok', savedAt: 1_000, state: 'bossFight.ready', snapshot: atRest });
    expect(readSaveText(JSON.stringify(toSaveRecord(atRest, 5)))).toMatchObject({ kind: 'ok', state: 'bossFight.ready' });
  });

  it('takes a finished game only as done, and a game at the farm only as active', () => {
    expect(readSaveRecord(toSaveRecord({ ...atRest, value: 'finished', status: 'done' }, 1))).toMatchObject({ kind: 'ok', state: 'finished' });
    expect(readSaveRecord(toSaveRecord({ ...atRest, value: 'finished' }, 1))).toEqual({ kind: 'damaged' });
    expect(readSaveRecord(toSaveRecord({ ...atRest, value: 'farm', status: 'done' }, 1))).toEqual({ kind: 'damaged' });
  });

  it('calls a save of another version outdated, and nothing at all none', () => {
    expect(readSaveRecord({ ...toSaveRecord(atRest, 1), version: GAME_SAVE_VERSION - 1 })).toEqual({ kind: 'outdated' });
    expect(readSaveRecord({ ...toSaveRecord(atRest, 1), version: GAME_SAVE_VERSION + 1 })).toEqual({ kind: 'outdated' });
    expect(readSaveRecord(null)).toEqual({ kind: 'none' });
    expect(readSaveText(null)).toEqual({ kind: 'none' });
  });

  it('refuses a snapshot mid-round (its timer would not restart) or of an unknown state', () => {
    expect(readSaveRecord(toSaveRecord({ ...atRest, value: { bossFight: 'struck' } }, 1))).toEqual({ kind: 'damaged' });
    expect(readSaveRecord(toSaveRecord({ ...atRest, value: 'castle' }, 1))).toEqual({ kind: 'damaged' });
  });

  it('refuses damaged contexts', () => {
    const damaged: unknown[] = [
      { ...context, strength: -1 },
      { ...context, strength: '3' },
      { ...context, health: 150 },
      { ...context, rng: 1.5 },
      { ...context, enemy: 'dragon' },
      { ...context, message: 7 },
      { ...context, critterFights: Number.NaN },
      null,
    ];
    for (const bad of damaged) expect(readSaveRecord(toSaveRecord({ ...atRest, context: bad }, 1))).toEqual({ kind: 'damaged' });
  });

  it('never throws on anything stored, and says damaged or outdated unless it is a real save', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const reading = readSaveText(text);
        expect(['none', 'damaged', 'outdated']).toContain(reading.kind);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(() => readSaveRecord(value)).not.toThrow();
      }),
    );
    expect(readSaveRecord({ version: GAME_SAVE_VERSION, savedAt: 1, snapshot: '{not json' })).toEqual({ kind: 'damaged' });
  });
});
