import { CONTACT_EMAIL } from '#core/contact';
import { calendarDayInZone, formatLongDay } from '#core/dates/calendar-day';
import { paths } from '#core/paths';
import { formatUsd } from '#core/plans/prices';
import { CANCELLATION_TERMS, graceNoticeText } from '#core/plans/subscription-texts';
import type { Receipt } from '../payments/receipts.ts';

/** The paid plan's e-mails (plain text). Days are UTC days: the server does not know the reader's zone. */

const utcDay = (date: Date) => formatLongDay(calendarDayInZone(date, 'UTC'));
const greeting = (name: string) => (name === '' ? 'Hello,' : `Hello ${name},`);

export interface ReceiptFacts {
  readonly name: string;
  readonly invoiceId: string;
  readonly amountCents: number;
  readonly renewal: boolean;
  /** The end of the month this payment covers, when known. */
  readonly paidUntil: Date | null;
}

export function proReceipt(facts: ReceiptFacts, publicOrigin: string): Receipt {
  const amount = formatUsd(facts.amountCents);
  return {
    subject: `Your receipt: Memento Pro (${amount})`,
    text: [
      greeting(facts.name),
      '',
      facts.renewal ? 'Your Pro plan renewed. Thank you for staying with us.' : 'Thank you for upgrading to Pro.',
      '',
      'What you bought: Memento Pro, one month (unlimited trackers, priority support).',
      `Amount paid: ${amount} (USD)`,
      ...(facts.paidUntil === null ? [] : [`Paid until: ${utcDay(facts.paidUntil)}`]),
      `Invoice: ${facts.invoiceId}`,
      '',
      ...CANCELLATION_TERMS,
      `Cancel or manage your plan: ${new URL(paths.account.href(), publicOrigin).href}`,
      '',
      `Questions? Write to ${CONTACT_EMAIL}.`,
      '',
      'Memento',
    ].join('\n'),
  };
}

export function paymentFailedMail(name: string, graceUntil: Date, publicOrigin: string): Receipt {
  return {
    subject: 'Your Pro payment did not go through',
    text: [
      greeting(name),
      '',
      graceNoticeText(calendarDayInZone(graceUntil, 'UTC')),
      '',
      `Update your card under Manage Subscriptions: ${new URL(paths.account.href(), publicOrigin).href}`,
      '',
      `Questions? Write to ${CONTACT_EMAIL}.`,
      '',
      'Memento',
    ].join('\n'),
  };
}
