// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readSaveRecord, toSaveRecord, GAME_SAVE_VERSION } from '#core/game/save';
import { createActor } from 'xstate';
import { gameMachine, newGameContext } from './game.machine';
import { NOTICES, startFrom } from './game-start';

/** A save made by the machine itself: played to a state, persisted, read back as stored. */
function savedAt(events: Parameters<ReturnType<typeof createActor<typeof gameMachine>>['send']>[0][]) {
  const actor = createActor(gameMachine, { input: { seed: 9 } });
  actor.start();
  for (const event of events) actor.send(event);
  return readSaveRecord(toSaveRecord(actor.getPersistedSnapshot(), 1_000));
}

describe('startFrom', () => {
  it('continues a saved game at rest where it was, and says so', () => {
    const start = startFrom(savedAt([{ type: 'START' }]), 3, 1, NOTICES.continued);
    expect(start.key).toBe(3);
    expect(start.notice).toBe(NOTICES.continued);
    expect(start.snapshot?.matches({ bossFight: 'ready' })).toBe(true);
    expect(start.snapshot?.context).toMatchObject({ enemy: 'boss', enemyHealth: 100 });
  });

  it('continues a finished game as finished', () => {
    const reading = readSaveRecord(
      toSaveRecord({ status: 'done', value: 'finished', context: { ...newGameContext(1), strength: 17 }, children: {} }, 5),
    );
    const start = startFrom(reading, 0, 1, NOTICES.continued);
    expect(start.snapshot?.status).toBe('done');
    expect(start.snapshot?.context.strength).toBe(17);
  });

  it('starts a new game, without a word, when nothing was saved or only the intro', () => {
    expect(startFrom({ kind: 'none' }, 0, 4, NOTICES.continued)).toEqual({ key: 0, seed: 4, snapshot: undefined, notice: null });
    expect(startFrom(savedAt([]), 0, 4, NOTICES.continued).notice).toBeNull();
  });

  it('starts a new game with a message for an old-version or damaged save', () => {
    const old = readSaveRecord({ ...toSaveRecord({}, 1), version: GAME_SAVE_VERSION - 1 });
    expect(startFrom(old, 0, 4, NOTICES.continued)).toEqual({ key: 0, seed: 4, snapshot: undefined, notice: NOTICES.outdated });
    expect(startFrom({ kind: 'damaged' }, 0, 4, NOTICES.continued).notice).toBe(NOTICES.damaged);
  });
});
