import { describe, expect, it } from 'vitest';
import { HUMAN_SOUNDS_MATCH_LIMIT_CENTS } from '../plans/prices';
import { charityMatch } from './match';

describe('charityMatch', () => {
  it('matches nothing before the first sale', () => {
    expect(charityMatch(0)).toEqual({ salesCents: 0, matchCents: 0, totalCents: 0 });
  });

  it('matches sales one for one below the limit', () => {
    expect(charityMatch(1_500)).toEqual({ salesCents: 1_500, matchCents: 1_500, totalCents: 3_000 });
  });

  it('stops matching at USD 1,000 in total', () => {
    expect(charityMatch(HUMAN_SOUNDS_MATCH_LIMIT_CENTS)).toEqual({ salesCents: 100_000, matchCents: 100_000, totalCents: 200_000 });
    expect(charityMatch(250_000)).toEqual({ salesCents: 250_000, matchCents: 100_000, totalCents: 350_000 });
  });
});
