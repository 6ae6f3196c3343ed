import Stripe from 'stripe';
import { AUTO_REFUND_MS, autoRefundAt } from '#core/experts/bookings';
import { BOOKING_THANK_YOU, NOT_TAKING_BOOKINGS } from '#core/experts/messages';
import { stripSiteName } from '#core/experts/site-name';
import { paths } from '#core/paths';
import { expertFeeCents } from '#core/plans/expert-fee';
import type { Booking } from '#core/schemas/expert';
import type { ChargeRequest, ChargeResponse } from '#core/schemas/payments';
import { transact } from '../../db/transact.ts';
import { ApiError } from '../../http/api-error.ts';
import { chargeWithTerms, orderState } from '../payments/charge-service.ts';
import type { ChargeTerms } from '../payments/products.ts';
import { queueRefundMails } from './fulfilment.ts';
import {
  bookingOfExpert,
  bookingsOfExpert,
  claimDueRefunds,
  claimRefund,
  expertById,
  expertBySiteName,
  markBookingRefunded,
  markScheduled,
  pendingRefunds,
  type BookingRow,
  type ExpertRow,
} from './repo.ts';
import { providerUnavailable, requireExpert, type ExpertDeps } from './service.ts';

/**
 * A visitor's paid hour: charged through the one payment engine as a destination charge to the
 * expert's connected account (the amount from the stored rate, the platform fee from
 * `pwa/core/plans`), fulfilled from the webhook (fulfilment.ts). Then the expert marks it
 * scheduled or refunds it, and the guarantee refunds it when it was not scheduled in time.
 */

export interface BookingDeps extends ExpertDeps {
  /** Where people open the app: links in the e-mails. */
  readonly publicOrigin: string;
}

/** The charge engine's terms of one hour with this expert. */
function hourWith(expert: ExpertRow & { readonly stripeAccountId: string }): ChargeTerms {
  return {
    kind: 'expert',
    amountCents: expert.rateCents,
    expertId: expert.id,
    description: `One hour with ${expert.yourName} (/ex/${expert.siteName})`,
    checkoutPath: paths.expertPage.href(expert.siteName),
    downloads: false,
    successMessage: () => BOOKING_THANK_YOU,
    // From the order: a retry charges what the first attempt was for, even if the rate changed since.
    intentParams: (order) => ({
      transfer_data: { destination: expert.stripeAccountId },
      application_fee_amount: expertFeeCents(order.amountCents),
    }),
  };
}

function accepting(expert: ExpertRow): expert is ExpertRow & { readonly stripeAccountId: string } {
  return expert.chargesEnabled && expert.stripeAccountId !== null;
}

/** `POST /api/expert/getPaymentIntent/{siteName}`. */
export async function chargeBooking(
  deps: ExpertDeps,
  rawSiteName: string,
  input: { readonly request: ChargeRequest; readonly userId: string | null; readonly appOrigin: string },
): Promise<ChargeResponse> {
  const siteName = stripSiteName(rawSiteName);
  const expert = siteName === '' ? null : await expertBySiteName(deps.sql, siteName);
  if (expert === null) throw new ApiError('EXPERT_NOT_FOUND', 'No expert page has this name.');
  if (!accepting(expert)) throw new ApiError('NOT_ACCEPTING_CHARGES', NOT_TAKING_BOOKINGS);
  return chargeWithTerms(deps, hourWith(expert), input);
}

/** `GET /api/expert/orders/{id}?key=…`: a booking's payment after the bank's page. */
export function bookingOrderState(deps: ExpertDeps, id: string, key: string, appOrigin: string): Promise<ChargeResponse> {
  return orderState(deps, id, key, appOrigin, async (order) => {
    if (order.kind !== 'expert' || order.expertId === null) return null;
    const expert = await expertById(deps.sql, order.expertId);
    return expert === null || expert.stripeAccountId === null ? null : hourWith({ ...expert, stripeAccountId: expert.stripeAccountId });
  });
}

export function bookingOf(row: BookingRow): Booking {
  return {
    id: row.id,
    visitorName: row.visitorName,
    visitorEmail: row.visitorEmail,
    amountCents: row.amountCents,
    feeCents: row.feeCents,
    status: row.status,
    refundReason: row.refundReason,
    paidAt: row.paidAt.toISOString(),
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    autoRefundAt: row.status === 'paid' ? autoRefundAt(row.paidAt).toISOString() : null,
  };
}

export async function listBookings(deps: ExpertDeps, userId: string): Promise<Booking[]> {
  const expert = await requireExpert(deps.sql, userId);
  return (await bookingsOfExpert(deps.sql, expert.id)).map(bookingOf);
}

async function ownBooking(deps: ExpertDeps, expert: ExpertRow, bookingId: string): Promise<BookingRow> {
  const booking = await bookingOfExpert(deps.sql, expert.id, bookingId);
  if (booking === null) throw new ApiError('BOOKING_NOT_FOUND', 'You have no such booking.');
  return booking;
}

/** 'Mark scheduled': a paid booking is no longer refunded automatically. */
export async function scheduleBooking(deps: ExpertDeps, userId: string, bookingId: string): Promise<Booking> {
  const expert = await requireExpert(deps.sql, userId);
  await ownBooking(deps, expert, bookingId);
  const booking = await markScheduled(deps.sql, expert.id, bookingId);
  if (booking === null) throw new ApiError('BOOKING_NOT_FOUND', 'You have no such booking.');
  if (booking.status === 'refunding' || booking.status === 'refunded') {
    throw new ApiError('BOOKING_REFUNDED', 'This booking was refunded; it cannot be scheduled.');
  }
  return bookingOf(booking);
}

/**
 * Asks the provider for the whole refund of a booking claimed for refunding, then marks it
 * refunded and tells both sides (unless the webhook did first). The provider's idempotency key
 * is the booking's: the expert's click, a retry and the job all ask for one refund.
 *
 * `reverse_transfer`: the expert's share goes back from their account. `refund_application_fee`:
 * the platform gives its fee back to that account too, so the reversal leaves the expert at
 * zero (without it, reversing the whole transfer would leave them owing the fee).
 */
export async function refundClaimed(deps: BookingDeps, booking: BookingRow): Promise<BookingRow> {
  let refundId: string | null = null;
  if (booking.providerId !== null) {
    try {
      const refund = await deps.payments.client().refunds.create(
        { payment_intent: booking.providerId, reverse_transfer: true, refund_application_fee: true, metadata: { booking_id: booking.id } },
        { idempotencyKey: `booking_refund_${booking.id}` },
      );
      refundId = refund.id;
    } catch (error) {
      // Refunded already (in the provider's dashboard, say): nothing more to give back.
      const already = error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded';
      if (!already) throw providerUnavailable(error);
    }
  }
  return transact(deps.sql, async (tx) => {
    const done = await markBookingRefunded(tx, booking.id, refundId);
    if (done === null) {
      const [now] = await tx<{ status: string }[]>`select status from bookings where id = ${booking.id}`;
      return { ...booking, status: now?.status === 'refunded' ? 'refunded' : booking.status };
    }
    await queueRefundMails(tx, done, deps.publicOrigin);
    return done;
  });
}

/** 'Refund': the whole amount back to the visitor. Again on a refunded booking: unchanged. */
export async function refundBooking(deps: BookingDeps, userId: string, bookingId: string): Promise<Booking> {
  const expert = await requireExpert(deps.sql, userId);
  const before = await ownBooking(deps, expert, bookingId);
  if (before.status === 'refunded') return bookingOf(before);
  const claimed = before.status === 'refunding' ? before : await claimRefund(deps.sql, expert.id, bookingId);
  // Claimed meanwhile by the job or another click: finish that refund (the same provider key).
  const booking = claimed ?? (await ownBooking(deps, expert, bookingId));
  if (booking.status === 'refunded') return bookingOf(booking);
  await refundClaimed(deps, booking);
  return bookingOf(await ownBooking(deps, expert, bookingId));
}

export interface AutoRefundResult {
  readonly refunded: number;
  readonly failed: number;
}

/**
 * The guarantee: every booking paid at least AUTO_REFUND_DAYS before `now` and not marked
 * scheduled is refunded (its transfer reversed) and both sides are told; refunds left unfinished
 * earlier are finished. Safe to run again and on several instances: a booking is claimed by one
 * conditional update, and the provider's key makes a repeated refund the same refund.
 */
export async function runAutoRefunds(deps: BookingDeps, now: Date): Promise<AutoRefundResult> {
  await claimDueRefunds(deps.sql, new Date(now.getTime() - AUTO_REFUND_MS));
  const pending = await pendingRefunds(deps.sql);
  let refunded = 0;
  let failed = 0;
  for (const booking of pending) {
    try {
      const done = await refundClaimed(deps, booking);
      if (done.status === 'refunded') refunded += 1;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The provider is out of reach: the booking stays claimed and the next run tries again.
      failed += 1;
    }
  }
  return { refunded, failed };
}
