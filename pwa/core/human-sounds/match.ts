import { HUMAN_SOUNDS_MATCH_LIMIT_CENTS } from '../plans/prices';

/** What the owner adds to the charity: sales matched one for one, up to the limit in total. */
export function charityMatch(salesCents: number): { salesCents: number; matchCents: number; totalCents: number } {
  const sales = Math.max(0, Math.trunc(salesCents));
  const matchCents = Math.min(sales, HUMAN_SOUNDS_MATCH_LIMIT_CENTS);
  return { salesCents: sales, matchCents, totalCents: sales + matchCents };
}
