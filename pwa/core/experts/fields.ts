/**
 * The other fields of an expert's page and their limits. Texts are plain text everywhere: the
 * server stores what was typed and the page shows it as text, so `<b>` shows as `<b>`.
 */

export const YOUR_NAME_MAX = 100;
export const YOUR_BIO_MAX = 300;
export const BIO_HINT = `Up to ${YOUR_BIO_MAX} characters`;

/** What the expert offers; the public page says 'I'm available to {verb lowercased}'. */
export const EXPERT_VERBS = ['Consult', 'Mentor', 'Tutor', 'Work'] as const;
export type ExpertVerb = (typeof EXPERT_VERBS)[number];
export const DEFAULT_EXPERT_VERB: ExpertVerb = 'Consult';

/** 'What I can help with:' is a list of short items, one per line in the form. */
export const HELP_LIST_MAX_ITEMS = 10;
export const HELP_ITEM_MAX = 100;

/** The form's text (one item per line) as the list of items: trimmed, blank lines dropped. */
export function helpListFromText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The list as the form's text, one item per line. */
export function helpListToText(items: readonly string[]): string {
  return items.join('\n');
}

/**
 * The hourly rate, in US cents. A minimum so the card fees and the platform fee leave the expert
 * something; a maximum well above any tutoring or consulting rate, so a slip of the finger (an
 * extra zero or two) is caught before a visitor is charged.
 */
export const RATE_MIN_CENTS = 500;
export const RATE_MAX_CENTS = 100_000;
export const RATE_PLACEHOLDER = '20.00';

/**
 * A rate typed in dollars (`20`, `20.5`, `20.00`, `$1,250.00`) in cents, or null when it is not
 * an amount of dollars and cents. Bounds are checked separately (`rateProblem`).
 */
export function parseRateDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (match === null) return null;
  const dollars = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return dollars * 100 + cents;
}

/** Cents as the form shows them: `2000` → `20.00`. */
export function rateToText(cents: number): string {
  return (cents / 100).toFixed(2);
}

export type RateProblem = 'NOT_AN_AMOUNT' | 'TOO_LOW' | 'TOO_HIGH';

export const RATE_MESSAGES: Readonly<Record<RateProblem, string>> = {
  NOT_AN_AMOUNT: 'Enter the hourly rate in dollars, like 20.00.',
  TOO_LOW: `The hourly rate is at least $${rateToText(RATE_MIN_CENTS)}.`,
  TOO_HIGH: `The hourly rate is at most $${rateToText(RATE_MAX_CENTS)}.`,
};

/** Why a rate in cents cannot be used, or null. */
export function rateProblem(cents: number | null): RateProblem | null {
  if (cents === null || !Number.isSafeInteger(cents)) return 'NOT_AN_AMOUNT';
  if (cents < RATE_MIN_CENTS) return 'TOO_LOW';
  if (cents > RATE_MAX_CENTS) return 'TOO_HIGH';
  return null;
}
