/**
 * The rules of the blob game: health, the damage each side deals, and what a critter kill gives.
 * The machine (features/game) plays by these and nothing else. Health and damage are kept to one
 * decimal place, so the numbers on the health bars are the numbers the rules used.
 */

export const PLAYER_MAX_HEALTH = 100;
export const BOSS_MAX_HEALTH = 100;
export const CRITTER_MAX_HEALTH = 10;
export const STARTING_STRENGTH = 1;
export const STARTING_DEFENCE = 1;

/** What a kill adds to the stat its critter type trains. */
export const CRITTER_REWARD = 2;

const BOSS_BASE_HIT = 40;
const CRITTER_BASE_HIT = 12;
/** Defence is measured against this: at 60 or more, hits no longer hurt. */
const DEFENCE_SCALE = 60;
const BOSS_HIT_PER_STRENGTH = 2;
const CRITTER_HIT_PER_STRENGTH_LOW = 1.3;
const CRITTER_HIT_PER_STRENGTH_HIGH = 1;
/** Above this strength, a hit on a critter is 1 × strength instead of 1.3 ×. */
const CRITTER_HIT_STRENGTH_THRESHOLD = 5;

/** In each round, the pause between the player's blow and the enemy's, so the message can be read. */
export const ENEMY_TURN_MS = 900;

export type CritterKind = 'attack' | 'defence';
export type EnemyKind = 'boss' | CritterKind;

/** Rounds to one decimal place (tenths), so repeated subtraction never drifts. */
export function roundTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The share of a hit that defence lets through: 1 − defence/60, never below nothing. */
export function defenceFactor(defence: number): number {
  return Math.max(0, 1 - defence / DEFENCE_SCALE);
}

/** The boss's hit on the player: 40 × (1 − defence/60). */
export function bossHit(defence: number): number {
  return roundTenth(BOSS_BASE_HIT * defenceFactor(defence));
}

/** A critter's hit on the player: 12 × (1 − defence/60). */
export function critterHit(defence: number): number {
  return roundTenth(CRITTER_BASE_HIT * defenceFactor(defence));
}

/** The player's hit on the boss: 2 × strength. */
export function playerHitOnBoss(strength: number): number {
  return roundTenth(BOSS_HIT_PER_STRENGTH * strength);
}

/** The player's hit on a critter: 1.3 × strength, or 1 × strength above strength 5. */
export function playerHitOnCritter(strength: number): number {
  const perStrength = strength > CRITTER_HIT_STRENGTH_THRESHOLD ? CRITTER_HIT_PER_STRENGTH_HIGH : CRITTER_HIT_PER_STRENGTH_LOW;
  return roundTenth(perStrength * strength);
}

/** The player's hit on an enemy of this kind. */
export function playerHit(enemy: EnemyKind, strength: number): number {
  return enemy === 'boss' ? playerHitOnBoss(strength) : playerHitOnCritter(strength);
}

/** An enemy's hit on the player. */
export function enemyHit(enemy: EnemyKind, defence: number): number {
  return enemy === 'boss' ? bossHit(defence) : critterHit(defence);
}

export function enemyMaxHealth(enemy: EnemyKind): number {
  return enemy === 'boss' ? BOSS_MAX_HEALTH : CRITTER_MAX_HEALTH;
}

/** Health after a hit, to a tenth; it may go to 0 or below (that side has lost). */
export function afterHit(health: number, hit: number): number {
  return roundTenth(health - hit);
}

export function isDefeated(health: number): boolean {
  return health <= 0;
}

export interface Stats {
  readonly strength: number;
  readonly defence: number;
}

/** A critter kill: +2 strength for an attack critter, +2 defence for a defence critter. */
export function rewardFor(kind: CritterKind, stats: Stats): Stats {
  return kind === 'attack'
    ? { strength: stats.strength + CRITTER_REWARD, defence: stats.defence }
    : { strength: stats.strength, defence: stats.defence + CRITTER_REWARD };
}

/**
 * When health comes back (the specification does not say): in full, on every arrival at the farm,
 * whether from a lost boss fight, a critter kill or a lost critter fight. Every fight therefore
 * starts at full health, so a lost fight costs nothing but time and farming always makes progress.
 */
export const HEALTH_ON_REACHING_FARM = PLAYER_MAX_HEALTH;

/** The critter type, from a random number in [0, 1): even odds. */
export function critterKindFrom(random: number): CritterKind {
  return random < 0.5 ? 'attack' : 'defence';
}

/**
 * Whether a player with these stats, at full health, beats the boss: the player strikes first each
 * round, so it wins if the boss falls within the rounds the player survives.
 */
export function beatsBoss(stats: Stats): boolean {
  const roundsToWin = Math.ceil(BOSS_MAX_HEALTH / playerHitOnBoss(stats.strength));
  const hit = bossHit(stats.defence);
  // The boss strikes back after each of the player's blows but the last.
  return roundTenth(PLAYER_MAX_HEALTH - (roundsToWin - 1) * hit) > 0;
}
