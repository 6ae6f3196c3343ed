import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPoints } from './game-words';

describe('formatPoints', () => {
  it('shows one decimal place only when there is one', () => {
    expect(formatPoints(100)).toBe('100');
    expect(formatPoints(39.25)).toBe('39.3');
    expect(formatPoints(39.96)).toBe('40');
    expect(formatPoints(1234.5)).toBe('1,234.5');
    expect(formatPoints(0)).toBe('0');
  });

  it('writes any number as Intl writes it in en-US', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
    const tenths = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((n) => n / 20);
    fc.assert(
      fc.property(fc.oneof(tenths, fc.double({ min: -1e16, max: 1e16 }), fc.double(), fc.constant(-0), fc.constant(-0.04)), (value) => {
        expect(formatPoints(value)).toBe(intl.format(value));
      }),
      { numRuns: 2000 },
    );
  });
});
