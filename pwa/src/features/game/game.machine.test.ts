// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type Actor } from 'xstate';
import { beatsBoss } from '#core/game/rules';
import { ENEMY_TURN_MS, gameMachine, newGameContext } from './game.machine';

/** The game headless: XState's SimulatedClock stands in for the enemy's pause. */

type GameActor = Actor<typeof gameMachine>;

function start(seed: number) {
  const clock = new SimulatedClock();
  const actor = createActor(gameMachine, { input: { seed }, clock });
  actor.start();
  return { actor, clock };
}

/** From a known position (the resume path): the snapshot the machine itself resolves. */
function startAt(value: string | Record<string, string>, context: Partial<ReturnType<typeof newGameContext>>) {
  const clock = new SimulatedClock();
  const snapshot = gameMachine.resolveState({ value, context: { ...newGameContext(7), ...context } });
  const actor = createActor(gameMachine, { snapshot, clock, input: { seed: 7 } });
  actor.start();
  return { actor, clock };
}

/** One round: the player's blow, then (after the pause) the enemy's. */
function round(actor: GameActor, clock: SimulatedClock): void {
  actor.send({ type: 'ATTACK' });
  clock.increment(ENEMY_TURN_MS);
}

/** Attacks until the fight is over. */
function fightOut(actor: GameActor, clock: SimulatedClock): void {
  while (actor.getSnapshot().hasTag('fighting')) round(actor, clock);
}

/**
 * The player who keeps farming: a critter, then the boss, again and again (a lost boss fight
 * costs nothing, since health is full on reaching the farm). Returns the critter fights it took.
 */
function keepFarming(seed: number): number {
  const { actor, clock } = start(seed);
  actor.send({ type: 'START' });
  fightOut(actor, clock);
  for (let guard = 0; guard < 200 && !actor.getSnapshot().matches('finished'); guard += 1) {
    actor.send({ type: 'FIGHT_CRITTER' });
    fightOut(actor, clock);
    actor.send({ type: 'CHALLENGE_BOSS' });
    fightOut(actor, clock);
  }
  expect(actor.getSnapshot().matches('finished')).toBe(true);
  return actor.getSnapshot().context.critterFights;
}

describe('gameMachine', () => {
  it('starts at the intro, at rest, with full health and the starting stats', () => {
    const { actor } = start(1);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('intro')).toBe(true);
    expect(snapshot.hasTag('steady')).toBe(true);
    expect(snapshot.context).toMatchObject({ health: 100, strength: 1, defence: 1 });
  });

  it('each round: the player strikes and says so, then after the pause the enemy strikes back', () => {
    const { actor, clock } = start(1);
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().context).toMatchObject({ enemy: 'boss', enemyHealth: 100 });
    actor.send({ type: 'ATTACK' });
    expect(actor.getSnapshot().context).toMatchObject({ enemyHealth: 98, health: 100, message: 'You hit the boss for 2.' });
    expect(actor.getSnapshot().hasTag('steady')).toBe(false);
    // A second press during the pause does nothing.
    actor.send({ type: 'ATTACK' });
    clock.increment(ENEMY_TURN_MS - 1);
    expect(actor.getSnapshot().context.health).toBe(100);
    clock.increment(1);
    expect(actor.getSnapshot().context).toMatchObject({ enemyHealth: 98, health: 60.7, message: 'The boss hits you for 39.3.' });
    expect(actor.getSnapshot().matches({ bossFight: 'ready' })).toBe(true);
  });

  it('lose: the boss knocks a new player out in three rounds, and the farm restores full health', () => {
    const { actor, clock } = start(1);
    actor.send({ type: 'START' });
    round(actor, clock);
    round(actor, clock);
    expect(actor.getSnapshot().matches({ bossFight: 'ready' })).toBe(true);
    round(actor, clock);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('farm')).toBe(true);
    expect(snapshot.context).toMatchObject({ health: 100, enemy: null, strength: 1, defence: 1 });
    expect(snapshot.context.message).toMatch(/knocked you out/);
  });

  it('a critter of each type: an attack critter trains strength, a defence critter defence, back at the farm', () => {
    const kinds = new Set<string>();
    for (let seed = 0; kinds.size < 2 && seed < 50; seed += 1) {
      const { actor, clock } = startAt('farm', { rng: seed });
      actor.send({ type: 'FIGHT_CRITTER' });
      const kind = actor.getSnapshot().context.enemy;
      expect(kind === 'attack' || kind === 'defence').toBe(true);
      expect(actor.getSnapshot().context.enemyHealth).toBe(10);
      fightOut(actor, clock);
      const after = actor.getSnapshot();
      expect(after.matches('farm')).toBe(true);
      expect(after.context.health).toBe(100);
      expect({ strength: after.context.strength, defence: after.context.defence }).toEqual(
        kind === 'attack' ? { strength: 3, defence: 1 } : { strength: 1, defence: 3 },
      );
      expect(after.context.message).toMatch(kind === 'attack' ? /Strength \+2, now 3/ : /Defence \+2, now 3/);
      kinds.add(kind ?? '');
    }
    expect([...kinds].sort()).toEqual(['attack', 'defence']);
  });

  it('a critter that wins sends the player back to the farm with nothing gained', () => {
    const { actor, clock } = startAt({ critterFight: 'ready' }, { enemy: 'attack', enemyHealth: 10, health: 5 });
    round(actor, clock);
    expect(actor.getSnapshot().matches('farm')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ strength: 1, defence: 1, health: 100 });
  });

  it('boss rematch: from the farm the boss comes back at full health', () => {
    const { actor, clock } = startAt('farm', { strength: 9 });
    actor.send({ type: 'CHALLENGE_BOSS' });
    expect(actor.getSnapshot().context).toMatchObject({ enemy: 'boss', enemyHealth: 100, health: 100 });
    round(actor, clock);
    expect(actor.getSnapshot().context.enemyHealth).toBe(82);
  });

  it('win: strong enough, the boss falls and the game is finished', () => {
    const { actor, clock } = startAt('farm', { strength: 17 });
    actor.send({ type: 'CHALLENGE_BOSS' });
    fightOut(actor, clock);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('finished')).toBe(true);
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.message).toBe('You beat the boss!');
  });

  it('the same seed replays the same game', () => {
    const play = (seed: number) => {
      const { actor, clock } = startAt('farm', { rng: seed });
      const kinds: (string | null)[] = [];
      for (let i = 0; i < 10; i += 1) {
        actor.send({ type: 'FIGHT_CRITTER' });
        kinds.push(actor.getSnapshot().context.enemy);
        fightOut(actor, clock);
      }
      return kinds;
    };
    expect(play(99)).toEqual(play(99));
  });

  it('a game continued from its persisted snapshot goes on exactly as the original', () => {
    const { actor, clock } = start(5);
    actor.send({ type: 'START' });
    round(actor, clock);
    const saved: unknown = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    const resumedClock = new SimulatedClock();
    // The persisted snapshot is the machine's own type; JSON round-trips it as storage does.
    const resumed = createActor(gameMachine, {
      snapshot: saved as ReturnType<typeof actor.getPersistedSnapshot>,
      clock: resumedClock,
      input: { seed: 0 },
    });
    resumed.start();
    expect(resumed.getSnapshot().context).toEqual(actor.getSnapshot().context);
    round(actor, clock);
    round(resumed, resumedClock);
    expect(resumed.getSnapshot().context).toEqual(actor.getSnapshot().context);
    expect(resumed.getSnapshot().value).toEqual(actor.getSnapshot().value);
  });
});

describe('winnable', () => {
  it('a player who keeps farming always beats the boss (any seed)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const fights = keepFarming(seed);
        expect(fights).toBeGreaterThan(0);
        // Eight attack critters (strength 17) or 28 defence critters (defence 57) each suffice alone.
        expect(fights).toBeLessThanOrEqual(35);
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('challenges the boss in vain only while the stats say it cannot be beaten', () => {
    const { actor, clock } = start(3);
    actor.send({ type: 'START' });
    fightOut(actor, clock);
    while (!actor.getSnapshot().matches('finished')) {
      actor.send({ type: 'FIGHT_CRITTER' });
      fightOut(actor, clock);
      const stats = actor.getSnapshot().context;
      actor.send({ type: 'CHALLENGE_BOSS' });
      fightOut(actor, clock);
      expect(actor.getSnapshot().matches('finished')).toBe(beatsBoss(stats));
    }
  });

  it('measures the average number of critter fights to win', () => {
    const runs = 500;
    let total = 0;
    for (let seed = 1; seed <= runs; seed += 1) total += keepFarming(seed * 7919);
    const average = total / runs;
    console.info(`Blob game: a player who keeps farming wins after ${average.toFixed(2)} critter fights on average (${runs} seeds).`);
    expect(average).toBeGreaterThan(1);
    expect(average).toBeLessThan(35);
  }, 120_000);
});
