/**
 * Time as billing sees it. A customer made on a test clock lives at that clock's frozen time, and
 * so do its subscriptions and invoices; everything else lives at the store's clock. Billing
 * periods are counted from the subscription's anchor, so a period that starts on the 31st ends on
 * the last day of a shorter month and the next one is back on the 31st, as Stripe bills.
 */
import type Stripe from 'stripe';
import { noSuch } from './errors.ts';
import { idOf } from './ids.ts';
import type { LocalStripeStore } from './store.ts';

export const HOUR = 3_600;
export const DAY = 86_400;

export function findTestClock(store: LocalStripeStore, id: string, param?: string): Stripe.TestHelpers.TestClock {
  const clock = store.testClocks.get(id);
  if (clock === undefined) throw noSuch('test_clock', id, param);
  return clock;
}

/** Seconds since the epoch on the given test clock, or on the store's clock without one. */
export function timeOn(store: LocalStripeStore, clock: string | { readonly id: string } | null | undefined): number {
  const id = idOf(clock);
  return id === null ? store.nowSeconds() : (store.testClocks.get(id)?.frozen_time ?? store.nowSeconds());
}

export function customerTime(store: LocalStripeStore, customer: Stripe.Customer): number {
  return timeOn(store, customer.test_clock);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The moment `count` intervals after `anchor` (seconds), keeping the anchor's day and time of day. */
export function afterIntervals(anchor: number, recurring: Stripe.Price.Recurring, count: number): number {
  const steps = recurring.interval_count * count;
  if (recurring.interval === 'day') return anchor + steps * DAY;
  if (recurring.interval === 'week') return anchor + steps * 7 * DAY;
  const start = new Date(anchor * 1000);
  const months = recurring.interval === 'year' ? steps * 12 : steps;
  const total = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(start.getUTCDate(), daysInMonth(year, month));
  const time = Date.UTC(
    year,
    month,
    day,
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
  );
  return Math.floor(time / 1000);
}

/** The end of the period that starts at `periodStart`: the first interval boundary after it. */
export function periodEndAfter(anchor: number, recurring: Stripe.Price.Recurring, periodStart: number): number {
  for (let count = 1; ; count++) {
    const boundary = afterIntervals(anchor, recurring, count);
    if (boundary > periodStart) return boundary;
  }
}
