/**
 * `charityRaisedSchema` (schemas/human-sounds.ts) written out, so the public Human Sounds page
 * loads no schema library: the same answers (unknown keys dropped), a unit test compares the two.
 */
export interface CharityRaised {
  salesCents: number;
  matchCents: number;
  totalCents: number;
  matchLimitCents: number;
  asOf: string;
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

export function readCharityRaised(value: unknown): CharityRaised | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { salesCents, matchCents, totalCents, matchLimitCents, asOf } = value as Record<string, unknown>;
  if (!isCount(salesCents) || !isCount(matchCents) || !isCount(totalCents)) return null;
  if (!isCount(matchLimitCents) || matchLimitCents === 0 || typeof asOf !== 'string') return null;
  return { salesCents, matchCents, totalCents, matchLimitCents, asOf };
}

/** `readCharityRaised` in the shape the API client reads replies with. */
export const charityRaisedReply = {
  safeParse: (value: unknown): { success: true; data: CharityRaised } | { success: false; error: Error } => {
    const data = readCharityRaised(value);
    return data === null ? { success: false, error: new Error('Not the amount raised') } : { success: true, data };
  },
};
