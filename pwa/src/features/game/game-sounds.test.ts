// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { newGameContext } from './game.machine';
import { soundFor, type SoundMoment } from './game-sounds';

const base = newGameContext(1);
const at = (state: SoundMoment['state'], context: Partial<typeof base> = {}): SoundMoment => ({ state, context: { ...base, ...context } });

describe('soundFor', () => {
  it('names a sound for each moment of a fight', () => {
    expect(soundFor(at('intro'), at('fight', { enemy: 'boss', enemyHealth: 100 }))).toBe('wake-up');
    expect(soundFor(at('fight', { enemy: 'boss', enemyHealth: 100 }), at('fight', { enemy: 'boss', enemyHealth: 98 }))).toBe('pop');
    expect(soundFor(at('fight', { enemy: 'boss', health: 100 }), at('fight', { enemy: 'boss', health: 60.7 }))).toBe('nudge');
    expect(soundFor(at('fight', { enemy: 'boss', health: 21.4 }), at('farm', { health: 100 }))).toBe('deflate-low');
    expect(soundFor(at('fight', { enemy: 'attack' }), at('farm', { strength: 3 }))).toBe('tweet');
    expect(soundFor(at('fight', { enemy: 'boss' }), at('finished'))).toBe('strike');
  });

  it('stays quiet when nothing happened', () => {
    expect(soundFor(at('farm'), at('farm'))).toBeNull();
  });
});
