import { EXPERT_VERBS, type ExpertVerb } from './fields';

/**
 * `publicExpertSchema` and `expertPageResponseSchema` (schemas/expert.ts) written out, so an
 * expert's public page loads no schema library: the same answers (unknown keys dropped), and a
 * unit test holds the two equal. The schemas stay the rule; change them together.
 */

/** What anyone may see of an expert: never the provider account, the user or the e-mail. */
export interface PublicExpert {
  siteName: string;
  yourName: string;
  yourBio: string;
  theVerb: ExpertVerb;
  helpList: string[];
  /** Dollars, as the form shows it. */
  rate: number;
  rateCents: number;
  /** 'Set Up Time' opens the payment form only when true. */
  acceptingBookings: boolean;
}

type Fields = Record<string, unknown>;

const fieldsOf = (value: unknown): Fields | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : null;

const isVerb = (value: unknown): value is ExpertVerb => EXPERT_VERBS.some((verb) => verb === value);

const isTexts = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

export function readPublicExpert(value: unknown): PublicExpert | null {
  const fields = fieldsOf(value);
  if (fields === null) return null;
  const { siteName, yourName, yourBio, theVerb, helpList, rate, rateCents, acceptingBookings } = fields;
  if (typeof siteName !== 'string' || typeof yourName !== 'string' || typeof yourBio !== 'string') return null;
  if (!isVerb(theVerb) || !isTexts(helpList)) return null;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || !Number.isSafeInteger(rateCents)) return null;
  if (typeof acceptingBookings !== 'boolean') return null;
  return { siteName, yourName, yourBio, theVerb, helpList: [...helpList], rate, rateCents: rateCents as number, acceptingBookings };
}

/** `GET /api/expert/page/{siteName}`: `{ item }`, the public expert. */
export function readExpertPageResponse(value: unknown): { item: PublicExpert } | null {
  const item = readPublicExpert(fieldsOf(value)?.item);
  return item === null ? null : { item };
}

/** `readExpertPageResponse` in the shape the API client reads replies with. */
export const expertPageReply = {
  safeParse: (value: unknown): { success: true; data: { item: PublicExpert } } | { success: false; error: Error } => {
    const data = readExpertPageResponse(value);
    return data === null ? { success: false, error: new Error("Not an expert's page") } : { success: true, data };
  },
};
