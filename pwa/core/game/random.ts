/**
 * A small seeded pseudo-random generator (mulberry32): the whole state is one 32-bit number, so
 * it lives in the game's context, is saved with it, and a test that fixes the seed replays a game.
 */

/** A 32-bit unsigned seed; any number is folded into that range. */
export function toSeed(value: number): number {
  return Math.trunc(value) >>> 0;
}

export interface Draw {
  /** In [0, 1). */
  readonly value: number;
  /** The state to draw from next. */
  readonly next: number;
}

export function draw(state: number): Draw {
  const next = (toSeed(state) + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  const value = ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  return { value, next };
}
