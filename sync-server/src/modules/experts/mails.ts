import { AUTO_REFUND_DAYS, type RefundReason } from '#core/experts/bookings';
import { paths } from '#core/paths';
import { formatUsd } from '#core/plans/prices';
import type { NewMail } from '../mail/service.ts';

/**
 * The e-mails of a booking, plain text. The visitor's receipt says what happens next; the
 * expert's notice says who booked, and replying to it reaches the visitor (`replyTo`).
 */

export interface MailBooking {
  readonly id: string;
  readonly visitorName: string;
  readonly visitorEmail: string;
  readonly amountCents: number;
  readonly feeCents: number;
}

export interface MailExpert {
  readonly yourName: string;
  readonly siteName: string;
  /** The expert's sign-in address: where their notices go. */
  readonly email: string;
}

const SIGNATURE = ['', 'Memento Expert pages'];

/** A name as a header may hold it: one line (a line break would start a new header). */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function visitorReceipt(booking: MailBooking, expert: MailExpert, publicOrigin: string): NewMail {
  const amount = formatUsd(booking.amountCents);
  return {
    to: booking.visitorEmail,
    subject: `Your receipt: one hour with ${oneLine(expert.yourName)} (${amount})`,
    text: [
      `Hello ${booking.visitorName},`,
      '',
      `Thank you for booking an hour with ${expert.yourName}.`,
      '',
      `Amount paid: ${amount} (USD)`,
      `Booking: ${booking.id}`,
      '',
      `What happens next: ${expert.yourName} will e-mail you at this address to agree a time.`,
      `If your session is not scheduled within ${AUTO_REFUND_DAYS} days of your payment, you get a full refund automatically.`,
      '',
      `${expert.yourName}'s page: ${new URL(paths.expertPage.href(expert.siteName), publicOrigin).href}`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

export function expertNotice(booking: MailBooking, expert: MailExpert, publicOrigin: string): NewMail {
  const amount = formatUsd(booking.amountCents);
  return {
    to: expert.email,
    replyTo: booking.visitorEmail,
    subject: `New booking: ${oneLine(booking.visitorName)} paid for an hour (${amount})`,
    text: [
      `Hello ${expert.yourName},`,
      '',
      `${booking.visitorName} (${booking.visitorEmail}) booked an hour with you and paid ${amount}.`,
      `You receive ${formatUsd(booking.amountCents - booking.feeCents)} after the platform fee of ${formatUsd(booking.feeCents)}.`,
      '',
      `Reply to this e-mail to schedule: your reply goes to ${booking.visitorName}.`,
      `Then mark the booking scheduled on your dashboard. A booking not marked scheduled within ${AUTO_REFUND_DAYS} days is refunded automatically.`,
      '',
      `Your dashboard: ${new URL(paths.expertDashboard.href(), publicOrigin).href}`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

function refundWhy(reason: RefundReason, expertName: string): string {
  return reason === 'automatic'
    ? `The session was not scheduled within ${AUTO_REFUND_DAYS} days of the payment, so it was refunded automatically.`
    : `${expertName} refunded the booking.`;
}

export function visitorRefund(booking: MailBooking, expert: MailExpert, reason: RefundReason): NewMail {
  const amount = formatUsd(booking.amountCents);
  return {
    to: booking.visitorEmail,
    subject: `Refunded: your hour with ${oneLine(expert.yourName)} (${amount})`,
    text: [
      `Hello ${booking.visitorName},`,
      '',
      refundWhy(reason, expert.yourName),
      `The full ${amount} goes back to your card; banks take 5 to 10 days to show it.`,
      `Booking: ${booking.id}`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

export function expertRefund(booking: MailBooking, expert: MailExpert, reason: RefundReason, publicOrigin: string): NewMail {
  const amount = formatUsd(booking.amountCents);
  return {
    to: expert.email,
    replyTo: booking.visitorEmail,
    subject: `Refunded: ${oneLine(booking.visitorName)}'s booking (${amount})`,
    text: [
      `Hello ${expert.yourName},`,
      '',
      refundWhy(reason, expert.yourName),
      `${booking.visitorName} (${booking.visitorEmail}) gets the full ${amount} back, and the transfer to your account is reversed.`,
      '',
      `Your dashboard: ${new URL(paths.expertDashboard.href(), publicOrigin).href}`,
      ...SIGNATURE,
    ].join('\n'),
  };
}
