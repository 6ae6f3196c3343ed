import { assign, setup, type SnapshotFrom } from 'xstate';
import { draw, toSeed } from '#core/game/random';
import {
  afterHit,
  critterKindFrom,
  enemyHit,
  enemyMaxHealth,
  ENEMY_TURN_MS,
  HEALTH_ON_REACHING_FARM,
  isDefeated,
  PLAYER_MAX_HEALTH,
  playerHit,
  rewardFor,
  STARTING_DEFENCE,
  STARTING_STRENGTH,
  type EnemyKind,
} from '#core/game/rules';
import type { GameContext } from '#core/game/save';
import { enemyName, formatPoints } from './game-words';

/**
 * The blob game: intro → boss fight → finished (won) | farm (lost); at the farm, a critter fight
 * (back to the farm, stronger, or just back) or the boss again. Each round the player strikes,
 * the message says so, and after a pause the enemy strikes back. The rules come from
 * #core/game/rules; the only randomness, the critter's type, comes from the seeded generator in
 * the context, so a seed replays a game. States at rest carry the tag 'steady' (the screen's
 * buttons and the saves use it: a state waiting on the enemy's pause is never saved, since a
 * restored actor would not restart its timer).
 */

export interface GameInput {
  /** Seeds the generator; any number. */
  readonly seed: number;
}

export type GameEvent =
  | { readonly type: 'START' }
  | { readonly type: 'ATTACK' }
  | { readonly type: 'FIGHT_CRITTER' }
  | { readonly type: 'CHALLENGE_BOSS' };

export { ENEMY_TURN_MS };

const INTRO_MESSAGE = 'A boss blocks the road. Attack when you are ready.';

export function newGameContext(seed: number): GameContext {
  return {
    rng: toSeed(seed),
    strength: STARTING_STRENGTH,
    defence: STARTING_DEFENCE,
    health: PLAYER_MAX_HEALTH,
    enemy: null,
    enemyHealth: 0,
    message: INTRO_MESSAGE,
    critterFights: 0,
  };
}

function meet(enemy: EnemyKind): Pick<GameContext, 'enemy' | 'enemyHealth'> {
  return { enemy, enemyHealth: enemyMaxHealth(enemy) };
}

export const gameMachine = setup({
  types: {
    context: {} as GameContext,
    events: {} as GameEvent,
    input: {} as GameInput,
    tags: {} as 'steady' | 'fighting',
  },
  guards: {
    enemyDefeated: ({ context }) => isDefeated(context.enemyHealth),
    playerDefeated: ({ context }) => isDefeated(context.health),
  },
  actions: {
    meetBoss: assign(() => ({ ...meet('boss'), message: 'The boss squares up to you. Attack!' })),
    meetCritter: assign(({ context }) => {
      const { value, next } = draw(context.rng);
      const kind = critterKindFrom(value);
      return {
        ...meet(kind),
        rng: next,
        critterFights: context.critterFights + 1,
        message: `${kind === 'attack' ? 'An' : 'A'} ${enemyName(kind)} appears. Beating it trains your ${kind === 'attack' ? 'strength' : 'defence'}.`,
      };
    }),
    playerStrikes: assign(({ context }) => {
      const enemy = context.enemy ?? 'boss';
      const hit = playerHit(enemy, context.strength);
      return {
        enemyHealth: afterHit(context.enemyHealth, hit),
        message: `You hit the ${enemyName(enemy)} for ${formatPoints(hit)}.`,
      };
    }),
    enemyStrikes: assign(({ context }) => {
      const enemy = context.enemy ?? 'boss';
      const hit = enemyHit(enemy, context.defence);
      return {
        health: afterHit(context.health, hit),
        message: `The ${enemyName(enemy)} hits you for ${formatPoints(hit)}.`,
      };
    }),
    reward: assign(({ context }) => {
      const kind = context.enemy === 'defence' ? 'defence' : 'attack';
      const stats = rewardFor(kind, context);
      const trained = kind === 'attack' ? `Strength +2, now ${stats.strength}` : `Defence +2, now ${stats.defence}`;
      return { ...stats, enemy: null, enemyHealth: 0, message: `You beat the ${enemyName(kind)}! ${trained}.` };
    }),
    loseToBoss: assign({
      enemy: null,
      enemyHealth: 0,
      message: 'The boss knocked you out. You wake up on the farm: beat critters to grow stronger.',
    }),
    loseToCritter: assign(({ context }) => ({
      enemy: null,
      enemyHealth: 0,
      message: `The ${enemyName(context.enemy ?? 'attack')} got the better of you. Back to the farm.`,
    })),
    winGame: assign({ enemy: null, enemyHealth: 0, message: 'You beat the boss!' }),
    restoreHealth: assign({ health: HEALTH_ON_REACHING_FARM }),
  },
  delays: { enemyTurn: ENEMY_TURN_MS },
}).createMachine({
  id: 'game',
  context: ({ input }) => newGameContext(input.seed),
  initial: 'intro',
  states: {
    intro: {
      tags: 'steady',
      on: { START: 'bossFight' },
    },
    bossFight: {
      tags: 'fighting',
      entry: 'meetBoss',
      initial: 'ready',
      states: {
        ready: { tags: 'steady', on: { ATTACK: { target: 'struck', actions: 'playerStrikes' } } },
        struck: {
          always: { guard: 'enemyDefeated', target: '#game.finished', actions: 'winGame' },
          after: { enemyTurn: { target: 'struckBack', actions: 'enemyStrikes' } },
        },
        struckBack: {
          always: [{ guard: 'playerDefeated', target: '#game.farm', actions: 'loseToBoss' }, { target: 'ready' }],
        },
      },
    },
    critterFight: {
      tags: 'fighting',
      entry: 'meetCritter',
      initial: 'ready',
      states: {
        ready: { tags: 'steady', on: { ATTACK: { target: 'struck', actions: 'playerStrikes' } } },
        struck: {
          always: { guard: 'enemyDefeated', target: '#game.farm', actions: 'reward' },
          after: { enemyTurn: { target: 'struckBack', actions: 'enemyStrikes' } },
        },
        struckBack: {
          always: [{ guard: 'playerDefeated', target: '#game.farm', actions: 'loseToCritter' }, { target: 'ready' }],
        },
      },
    },
    farm: {
      tags: 'steady',
      entry: 'restoreHealth',
      on: { FIGHT_CRITTER: 'critterFight', CHALLENGE_BOSS: 'bossFight' },
    },
    finished: { type: 'final', tags: 'steady' },
  },
});

export type GameSnapshot = SnapshotFrom<typeof gameMachine>;
