import { describe, expect, it } from 'vitest';
import { EXPERT_PLATFORM_FEE_BPS, EXPERT_PLATFORM_FEE_TEXT, expertFeeCents, expertPayoutCents } from '#core/plans/expert-fee';

describe('the expert platform fee', () => {
  it('is one percentage of the amount, in whole cents', () => {
    expect(EXPERT_PLATFORM_FEE_BPS).toBe(1000);
    expect(EXPERT_PLATFORM_FEE_TEXT).toBe('10%');
    expect(expertFeeCents(2000)).toBe(200);
    expect(expertFeeCents(2005)).toBe(201);
    expect(expertFeeCents(2004)).toBe(200);
  });

  it('leaves the expert the rest, to the cent', () => {
    for (const amount of [500, 2000, 2005, 99_999, 100_000]) {
      expect(expertFeeCents(amount) + expertPayoutCents(amount)).toBe(amount);
    }
  });
});
