import type Stripe from 'stripe';
import { expertFeeCents } from '#core/plans/expert-fee';
import type { TransactionSql } from '../../db/client.ts';
import { queueMail } from '../mail/service.ts';
import type { OrderRow } from '../payments/repo.ts';
import { expertNotice, expertRefund, visitorReceipt, visitorRefund, type MailExpert } from './mails.ts';
import {
  expertById,
  expertEmail,
  insertBooking,
  markRefundedByPaymentIntent,
  setChargesEnabled,
  type BookingRow,
} from './repo.ts';

/**
 * What the verified webhooks do for expert pages, inside the payments webhook's transaction (so a
 * redelivered event changes nothing): a paid expert order becomes a booking with its two e-mails;
 * a refund the provider confirmed ends the booking and tells both sides; `account.updated` keeps
 * the expert's charges flag as the provider reports it.
 */

async function mailExpert(tx: TransactionSql, expertId: string): Promise<MailExpert | null> {
  const expert = await expertById(tx, expertId);
  const email = await expertEmail(tx, expertId);
  return expert === null || email === null ? null : { yourName: expert.yourName, siteName: expert.siteName, email };
}

/** A paid expert order: its booking, once, and the receipt and the expert's notice. */
export async function fulfilBooking(tx: TransactionSql, publicOrigin: string, order: OrderRow, intent: Stripe.PaymentIntent): Promise<void> {
  if (order.expertId === null || order.email === null) return;
  const booking = await insertBooking(tx, {
    expertId: order.expertId,
    orderId: order.id,
    visitorName: order.name ?? order.email,
    visitorEmail: order.email,
    amountCents: order.amountCents,
    feeCents: intent.application_fee_amount ?? expertFeeCents(order.amountCents),
    currency: order.currency,
    providerId: intent.id,
  });
  if (booking === null) return;
  const expert = await mailExpert(tx, booking.expertId);
  if (expert === null) return;
  await queueMail(tx, visitorReceipt(booking, expert, publicOrigin));
  await queueMail(tx, expertNotice(booking, expert, publicOrigin));
}

/** Both sides are told of a refund, once: by whichever path marked the booking refunded. */
export async function queueRefundMails(tx: TransactionSql, booking: BookingRow, publicOrigin: string): Promise<void> {
  const expert = await mailExpert(tx, booking.expertId);
  const reason = booking.refundReason ?? 'expert';
  await queueMail(tx, visitorRefund(booking, expert ?? { yourName: 'Your expert', siteName: '', email: booking.visitorEmail }, reason));
  if (expert !== null) await queueMail(tx, expertRefund(booking, expert, reason, publicOrigin));
}

/** `charge.refunded` (in full) of a booking's payment. */
export async function bookingRefunded(tx: TransactionSql, publicOrigin: string, paymentIntentId: string): Promise<void> {
  const booking = await markRefundedByPaymentIntent(tx, paymentIntentId);
  if (booking !== null) await queueRefundMails(tx, booking, publicOrigin);
}

/** `account.updated`: the expert's charges flag as the provider reports it now. */
export async function accountUpdated(tx: TransactionSql, account: Stripe.Account): Promise<void> {
  await setChargesEnabled(tx, account.id, account.charges_enabled);
}
