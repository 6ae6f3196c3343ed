import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPaid, planName } from '#core/plans/account-type';
import { canAddTracker, trackerLimit } from '#core/plans/limits';
import { PRICES_CENTS, formatUsd } from '#core/plans/prices';

describe('account types', () => {
  it('treats exactly 1 as paid and every other value as free', () => {
    expect(isPaid(1)).toBe(true);
    for (const other of [0, -1, 2, 3, 1.5, Number.NaN]) expect(isPaid(other)).toBe(false);
    expect(planName(1)).toBe('Pro');
    expect(planName(2)).toBe('Free');
  });
});

describe('tracker limits', () => {
  it('allows a free account one tracker and a paid account any number', () => {
    expect(trackerLimit(0)).toBe(1);
    expect(canAddTracker(0, 0)).toBe(true);
    expect(canAddTracker(0, 1)).toBe(false);
    expect(canAddTracker(2, 1)).toBe(false);
    expect(trackerLimit(1)).toBeNull();
    expect(canAddTracker(1, 40)).toBe(true);
  });
});

describe('prices', () => {
  it('are whole cents and shown in dollars', () => {
    expect(PRICES_CENTS).toEqual({ pass: 2000, proMonthly: 1500, humanSounds: 500 });
    expect(formatUsd(PRICES_CENTS.pass)).toBe('$20');
    expect(formatUsd(PRICES_CENTS.humanSounds)).toBe('$5');
    expect(formatUsd(1250)).toBe('$12.50');
    expect(formatUsd(100_000)).toBe('$1,000');
    expect(formatUsd(-505)).toBe('-$5.05');
  });

  it('writes any amount as Intl writes US dollars in en-US', () => {
    const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const intl = (cents: number) => (Number.isInteger(cents / 100) ? whole : withCents).format(cents / 100);
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1e12, max: 1e12 }), fc.maxSafeInteger(), fc.constant(-0), fc.double({ noNaN: true })), (cents) => {
        expect(formatUsd(cents)).toBe(intl(cents));
      }),
      { numRuns: 1000 },
    );
  });
});
