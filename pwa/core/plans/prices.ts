/**
 * What things cost, in US cents. The server charges these amounts; the screens only show them.
 * An expert's hour is not here: each expert sets their own rate.
 */
import { formatCount, lazyFormat } from '#core/dates/calendar-day';

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

/** Intl's dollar formats, built only for an amount `formatUsd` does not write itself. */
const intlWhole = lazyFormat(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }));
const intlCents = lazyFormat(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

function intlUsd(cents: number): string {
  const dollars = cents / 100;
  return (Number.isInteger(dollars) ? intlWhole() : intlCents()).format(dollars);
}

const MAX_WRITTEN_CENTS = 1e12;

/**
 * '$20' for whole dollars, '$12.50' otherwise, '-$5' below zero, as Intl writes US dollars in
 * en-US. Whole cents are written here: a page's first Intl.NumberFormat loads the browser's number
 * data, a task of tens of milliseconds on a phone for the one price a page shows.
 */
export function formatUsd(cents: number): string {
  // Beyond ten billion dollars a double no longer holds every cent: left to Intl, as before.
  if (!Number.isSafeInteger(cents) || Math.abs(cents) > MAX_WRITTEN_CENTS) return intlUsd(cents);
  const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
  const amount = Math.abs(cents);
  const dollars = formatCount(Math.floor(amount / 100));
  const rest = amount % 100;
  return rest === 0 ? `${sign}$${dollars}` : `${sign}$${dollars}.${String(rest).padStart(2, '0')}`;
}
