/**
 * What things cost, in US cents. The server charges these amounts; the screens only show them.
 * An expert's hour is not here: each expert sets their own rate.
 */

export const CURRENCY = 'usd';

export const PRICES_CENTS = {
  /** THE PASS: one payment for premium access to future products. */
  pass: 2_000,
  /** The launch tracker's Pro plan, billed every month. */
  proMonthly: 1_500,
  /** The Human Sounds audio library: one payment, unlimited downloads. */
  humanSounds: 500,
} as const;

export type PricedProduct = keyof typeof PRICES_CENTS;

/** The owner matches charity sales up to this total. */
export const HUMAN_SOUNDS_MATCH_LIMIT_CENTS = 100_000;

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$20' for whole dollars, '$12.50' otherwise. */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? wholeDollars.format(dollars) : withCents.format(dollars);
}
