import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterHit,
  beatsBoss,
  bossHit,
  critterHit,
  critterKindFrom,
  defenceFactor,
  playerHitOnBoss,
  playerHitOnCritter,
  rewardFor,
  roundTenth,
  STARTING_DEFENCE,
  STARTING_STRENGTH,
} from './rules';

const stat = fc.integer({ min: 0, max: 200 });
function close(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(0.05 + 1e-9);
}

describe('the damage formulas', () => {
  it('the boss hits for 40 × (1 − defence/60), to a tenth', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 60 }), (defence) => {
      close(bossHit(defence), 40 * (1 - defence / 60));
    }));
    expect(bossHit(1)).toBe(39.3);
    expect(bossHit(0)).toBe(40);
  });

  it('a critter hits for 12 × (1 − defence/60), to a tenth', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 60 }), (defence) => {
      close(critterHit(defence), 12 * (1 - defence / 60));
    }));
    expect(critterHit(1)).toBe(11.8);
  });

  it('hits never heal and never grow with more defence', () => {
    fc.assert(
      fc.property(stat, stat, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(bossHit(high)).toBeLessThanOrEqual(bossHit(low));
        expect(critterHit(high)).toBeLessThanOrEqual(critterHit(low));
        expect(bossHit(high)).toBeGreaterThanOrEqual(0);
        expect(critterHit(high)).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(defenceFactor(60)).toBe(0);
    expect(defenceFactor(90)).toBe(0);
  });

  it('the player hits the boss for 2 × strength', () => {
    fc.assert(fc.property(stat, (strength) => {
      expect(playerHitOnBoss(strength)).toBe(2 * strength);
    }));
  });

  it('the player hits a critter for 1.3 × strength up to strength 5, then 1 × strength', () => {
    fc.assert(
      fc.property(stat, (strength) => {
        close(playerHitOnCritter(strength), (strength > 5 ? 1 : 1.3) * strength);
      }),
    );
    expect([1, 3, 5, 6, 7].map(playerHitOnCritter)).toEqual([1.3, 3.9, 6.5, 6, 7]);
  });
});

describe('health and rewards', () => {
  it('a hit takes exactly its tenths off, with no drift over many hits', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 60 }), (tenths) => {
        let health = 100;
        for (const hit of tenths) health = afterHit(health, hit / 10);
        expect(health).toBe(roundTenth((1000 - tenths.reduce((sum, hit) => sum + hit, 0)) / 10));
      }),
    );
  });

  it('an attack critter gives +2 strength, a defence critter +2 defence, and nothing else changes', () => {
    fc.assert(
      fc.property(stat, stat, (strength, defence) => {
        expect(rewardFor('attack', { strength, defence })).toEqual({ strength: strength + 2, defence });
        expect(rewardFor('defence', { strength, defence })).toEqual({ strength, defence: defence + 2 });
      }),
    );
  });

  it('the critter type has even odds', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (random) => {
      expect(critterKindFrom(random)).toBe(random < 0.5 ? 'attack' : 'defence');
    }));
  });
});

describe('beatsBoss', () => {
  it('agrees with playing the boss fight out blow by blow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 80 }), fc.integer({ min: 0, max: 80 }), (strength, defence) => {
        let boss = 100;
        let player = 100;
        let won: boolean | null = null;
        while (won === null) {
          boss = afterHit(boss, playerHitOnBoss(strength));
          if (boss <= 0) won = true;
          else {
            player = afterHit(player, bossHit(defence));
            if (player <= 0) won = false;
          }
        }
        expect(beatsBoss({ strength, defence })).toBe(won);
      }),
    );
  });

  it('cannot be won at the start, and can be once farming has trained a stat far enough', () => {
    expect(beatsBoss({ strength: STARTING_STRENGTH, defence: STARTING_DEFENCE })).toBe(false);
    expect(beatsBoss({ strength: STARTING_STRENGTH + 16, defence: STARTING_DEFENCE })).toBe(true);
    expect(beatsBoss({ strength: STARTING_STRENGTH, defence: STARTING_DEFENCE + 56 })).toBe(true);
  });
});
