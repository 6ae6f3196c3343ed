import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draw, toSeed } from './random';

describe('the seeded generator', () => {
  it('gives numbers in [0, 1) and a 32-bit next state', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { value, next } = draw(toSeed(seed));
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThan(1);
        expect(next).toBe(toSeed(next));
      }),
    );
  });

  it('replays the same sequence from the same seed', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const run = () => {
          const values: number[] = [];
          let state = toSeed(seed);
          for (let i = 0; i < 20; i += 1) {
            const result = draw(state);
            values.push(result.value);
            state = result.next;
          }
          return values;
        };
        expect(run()).toEqual(run());
      }),
    );
  });

  it('comes out about even when halved', () => {
    let state = toSeed(12345);
    let low = 0;
    const n = 10_000;
    for (let i = 0; i < n; i += 1) {
      const result = draw(state);
      if (result.value < 0.5) low += 1;
      state = result.next;
    }
    expect(low / n).toBeGreaterThan(0.47);
    expect(low / n).toBeLessThan(0.53);
  });
});
