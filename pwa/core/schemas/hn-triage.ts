import { z } from 'zod';

/**
 * The launch tracker's triage of a waiting comment as a synced record (table `hnTriage`): the
 * person marked it done, snoozed it until a time, or put it back. One record per comment, keyed
 * by the post and the comment, so two devices triaging the same comment meet on one record,
 * and triaging different comments never touches the same fields.
 */

export const TRIAGE_STATES = ['open', 'done', 'snoozed'] as const;
export type TriageState = (typeof TRIAGE_STATES)[number];

/** The site's ids are positive integers; 16 digits cover every safe integer. */
const ID_PATTERN = '[1-9][0-9]{0,15}';
const KEY_PATTERN = new RegExp(`^(${ID_PATTERN}):(${ID_PATTERN})$`);

/** The record's key: `{postId}:{commentId}`. Sorting by key keeps a post's records together. */
export function triageKey(postId: number, commentId: number): string {
  return `${String(postId)}:${String(commentId)}`;
}

/** The post and comment a key names, or null for anything `triageKey` cannot have made. */
export function parseTriageKey(key: string): { readonly postId: number; readonly commentId: number } | null {
  const match = KEY_PATTERN.exec(key);
  if (match?.[1] === undefined || match[2] === undefined) return null;
  const postId = Number(match[1]);
  const commentId = Number(match[2]);
  if (!Number.isSafeInteger(postId) || !Number.isSafeInteger(commentId)) return null;
  return { postId, commentId };
}

export const triageKeySchema = z.string().refine((key) => parseTriageKey(key) !== null, {
  message: 'Expected {postId}:{commentId}, two whole numbers above 0',
});

/**
 * The furthest a snooze may reach past the moment it was set. The choices offered reach a week;
 * the bound keeps a broken device from hiding a comment for years.
 */
export const SNOOZE_MAX_MS = 31 * 86_400_000;

/** Instants are ms since the epoch; the bound is the last one a JavaScript Date can hold. */
const instantMs = z.int().min(0).max(8_640_000_000_000_000);

const fieldsShape = {
  state: z.enum(TRIAGE_STATES),
  /** When a snoozed comment comes back; null unless snoozed. */
  snoozedUntil: instantMs.nullable(),
  /** When the person last triaged it, on their device's clock (shown in the set-aside list). */
  triagedAt: instantMs,
};

/**
 * What a snooze must satisfy, checked on whatever fields a write carries together (a device
 * always writes all three): a snoozed comment has a time to come back within SNOOZE_MAX_MS of
 * the moment it was snoozed, and one that is not snoozed has none.
 */
function checkSnooze(fields: { state?: TriageState; snoozedUntil?: number | null; triagedAt?: number }, context: z.RefinementCtx): void {
  const { state, snoozedUntil, triagedAt } = fields;
  if (state !== undefined && snoozedUntil !== undefined && (state === 'snoozed') !== (snoozedUntil !== null)) {
    context.addIssue({ code: 'custom', path: ['snoozedUntil'], message: 'A snoozed comment needs a time to come back; only a snoozed one has it' });
  }
  if (typeof snoozedUntil === 'number' && triagedAt !== undefined && (snoozedUntil <= triagedAt || snoozedUntil - triagedAt > SNOOZE_MAX_MS)) {
    context.addIssue({ code: 'custom', path: ['snoozedUntil'], message: 'A snooze ends after it starts, at most 31 days later' });
  }
}

export const hnTriageFieldsSchema = z.object(fieldsShape).strict().superRefine(checkSnooze);
export type HnTriageFields = z.infer<typeof hnTriageFieldsSchema>;

/** What a mutation of the table may set: any of the fields, checked together where they meet. */
export const hnTriageWriteSchema = z.object(fieldsShape).partial().strict().superRefine(checkSnooze);
