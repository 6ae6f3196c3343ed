/**
 * A visitor's paid hour with an expert. A booking exists once the payment is confirmed; the
 * expert then marks it scheduled (after agreeing a time by e-mail) or refunds it. A booking not
 * marked scheduled within the refund window is refunded automatically, the expert's transfer
 * reversed, and both sides are told. "Now" is always passed in.
 */

export const BOOKING_STATUSES = [
  /** Paid; the expert has not marked it scheduled yet. */
  'paid',
  /** The expert agreed a time with the visitor. */
  'scheduled',
  /** A refund was asked of the provider and not yet confirmed. */
  'refunding',
  'refunded',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Who ended a booking with a refund: the expert, or the guarantee's automatic refund. */
export const REFUND_REASONS = ['expert', 'automatic'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const AUTO_REFUND_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
export const AUTO_REFUND_MS = AUTO_REFUND_DAYS * DAY_MS;

/** The guarantee, as the public page states it before the visitor pays. */
export const REFUND_GUARANTEE = `If I don't schedule your session within ${AUTO_REFUND_DAYS} days of your payment, you get a full refund automatically.`;

/** When a booking paid at `paidAt` is refunded unless marked scheduled before. */
export function autoRefundAt(paidAt: Date): Date {
  return new Date(paidAt.getTime() + AUTO_REFUND_MS);
}

/** Whether the automatic refund is due for a booking in `status`, paid at `paidAt`. */
export function isAutoRefundDue(status: BookingStatus, paidAt: Date, now: Date): boolean {
  return status === 'paid' && now.getTime() >= autoRefundAt(paidAt).getTime();
}

/** Whether the expert may still mark it scheduled / refund it. */
export function canMarkScheduled(status: BookingStatus): boolean {
  return status === 'paid';
}
export function canRefund(status: BookingStatus): boolean {
  return status === 'paid' || status === 'scheduled';
}
