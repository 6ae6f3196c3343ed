import { formatLongDay, type CalendarDay } from '../dates/calendar-day';
import { formatUsd, PRICES_CENTS } from './prices';
import { GRACE_PERIOD_DAYS, REFUND_WINDOW_HOURS, type CancelOutcome } from './subscription';

/**
 * The words of the paid plan's rules: what the page states before a person confirms a
 * cancellation, what the answer says after, and the failed-renewal notice. The server's answers
 * and e-mails use the same functions, so the page and the mail never disagree.
 *
 * Dates are calendar days in the reader's time zone (the page: the device's; the server: UTC,
 * since it does not know the person's zone); the caller turns an instant into one.
 */

const proPrice = formatUsd(PRICES_CENTS.proMonthly);

/** The rules, one sentence each, shown beside the Cancel button and on the upgrade page. */
export const CANCELLATION_TERMS: readonly string[] = [
  'Pro lasts until the end of the month you have paid for.',
  `Cancel at most ${REFUND_WINDOW_HOURS} hours after a renewal and we refund that renewal (${proPrice}); your plan ends then.`,
  'When your plan ends, your account returns to Free (one tracker at a time).',
  'You can undo a cancellation until the paid month ends.',
  `If a renewal payment fails, you keep Pro for ${GRACE_PERIOD_DAYS} days while you update your card; then your account returns to Free.`,
];

/** The outcome with its end day, as the texts need it. */
export type CancelOutcomeOnDay =
  | { readonly kind: 'refund_and_end_now'; readonly refundCents: number }
  | { readonly kind: 'end_at_period_end'; readonly endsOn: CalendarDay }
  | { readonly kind: 'end_now' };

/** The outcome of the rule with its instant turned into a day by `dayOf`. */
export function outcomeOnDay(outcome: CancelOutcome, dayOf: (instant: number) => CalendarDay, refundCents: number = PRICES_CENTS.proMonthly): CancelOutcomeOnDay {
  switch (outcome.kind) {
    case 'refund_and_end_now':
      return { kind: 'refund_and_end_now', refundCents };
    case 'end_at_period_end':
      return { kind: 'end_at_period_end', endsOn: dayOf(outcome.endsAt) };
    case 'end_now':
      return { kind: 'end_now' };
  }
}

/** What cancelling now will do, stated before the person confirms. */
export function cancelConfirmText(outcome: CancelOutcomeOnDay): string {
  switch (outcome.kind) {
    case 'refund_and_end_now':
      return `Your plan renewed less than ${REFUND_WINDOW_HOURS} hours ago, so we refund that renewal (${formatUsd(outcome.refundCents)}) to your card and your plan ends now. Your account returns to Free.`;
    case 'end_at_period_end':
      return `You keep Pro until ${formatLongDay(outcome.endsOn)}, the end of the month you have paid for; then your account returns to Free. Nothing more is charged, and you can undo this until then.`;
    case 'end_now':
      return 'Your last renewal payment did not go through, so your plan ends now and your account returns to Free. Nothing is charged.';
  }
}

/** What cancelling did, as the answer states it. */
export function cancelDoneText(outcome: CancelOutcomeOnDay): string {
  switch (outcome.kind) {
    case 'refund_and_end_now':
      return `Your Pro plan has ended and ${formatUsd(outcome.refundCents)} is refunded to your card (it can take 5 to 10 days to show). Your account is Free again.`;
    case 'end_at_period_end':
      return `Your Pro plan is cancelled. You keep Pro until ${formatLongDay(outcome.endsOn)}, and you can undo this until then.`;
    case 'end_now':
      return 'Your Pro plan has ended. Nothing was charged. Your account is Free again.';
  }
}

/** After undoing a cancellation. */
export function resumedText(renewsOn: CalendarDay): string {
  return `Your Pro plan continues. It renews on ${formatLongDay(renewsOn)} for ${proPrice}.`;
}

/** The notice (page and e-mail) while a failed renewal's grace period runs. */
export function graceNoticeText(graceEndsOn: CalendarDay): string {
  return `Your last payment for Pro did not go through. Update your card by ${formatLongDay(graceEndsOn)} to keep Pro; after that your account returns to Free.`;
}
