import type Stripe from 'stripe';
import { ACCOUNT_TYPE, isPaid } from '#core/plans/account-type';
import { accountTypeForPlan, cancelOutcome, planStatusOf } from '#core/plans/subscription';
import type { Sql, TransactionSql } from '../../db/client.ts';
import type { Payments } from '../../providers/stripe.ts';
import { queueMail } from '../mail/service.ts';
import { paymentFailedMail, proReceipt } from './mails.ts';
import { endNow, refundRenewalAndEnd } from './plan-actions.ts';
import { periodOf } from './plan-state.ts';
import { atProvider, fetchSubscription, invoiceFacts, providerNow, type InvoiceFacts, type SubscriptionFacts } from './provider.ts';
import {
  accountEmail,
  endCheckout,
  markInvoiceRefunded,
  recordPaidInvoice,
  saveSubscription,
  setAccountType,
  subscriptionStatuses,
  userOfCustomer,
} from './repo.ts';

/**
 * The paid plan's part of the one webhook endpoint (payments/webhook-service dispatches to it).
 * Events may come late, twice or out of order, so an event only says which subscription changed:
 * `prepareBillingEvent` reads that subscription as the provider has it now (before the
 * transaction, since it calls the provider) and asks the provider for what the rules require
 * (refund and end a plan cancelled in the portal within 48 h of a renewal; end a plan still
 * unpaid past its grace end), each safe to repeat. `applyBillingUpdate` then runs in the
 * event's dedup transaction: the mirror, the account type, a receipt per paid invoice, and the
 * failed-payment e-mail once per failed renewal.
 */

export const BILLING_EVENT_TYPES: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

export interface BillingWebhookDeps {
  readonly sql: Sql;
  readonly payments: Payments;
  readonly publicOrigin: string;
}

export interface BillingUpdate {
  readonly userId: string;
  readonly subscription: SubscriptionFacts;
  /** Paid invoices the event names or the plan's latest: each gets one receipt. */
  readonly paidInvoices: readonly InvoiceFacts[];
  readonly refundedInvoiceId: string | null;
  readonly checkoutSessionId: string | null;
}

const idOf = (value: string | { id: string } | null): string | null => (value === null ? null : typeof value === 'string' ? value : value.id);

function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.data.object.mode === 'subscription' ? idOf(event.data.object.subscription) : null;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return invoiceFacts(event.data.object).subscriptionId;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id;
    default:
      return null;
  }
}

/** Asks the provider for what the rules require now; null when nothing was asked (else what was refunded). */
async function settle(stripe: Stripe, sub: SubscriptionFacts): Promise<{ refunded: string | null } | null> {
  // The provider's retries end the plan when the last one fails (Stripe: the retry schedule set to
  // cancel within the grace period, PAYMENTS.md); a retry failing after the grace end ends it here.
  if (sub.status === 'past_due' && sub.graceUntil !== null && sub.graceUntil.getTime() <= (await providerNow(stripe, sub.testClock))) {
    await endNow(stripe, sub.providerSubscriptionId);
    return { refunded: null };
  }
  if (sub.cancelAtPeriodEnd) {
    // Cancelled elsewhere (the billing portal): the same rule as the Cancel button.
    const outcome = cancelOutcome(periodOf(sub), await providerNow(stripe, sub.testClock));
    if (outcome?.kind === 'refund_and_end_now') {
      await refundRenewalAndEnd(stripe, sub);
      return { refunded: sub.latestInvoice?.id ?? null };
    }
  }
  return null;
}

export async function prepareBillingEvent(deps: BillingWebhookDeps, event: Stripe.Event): Promise<BillingUpdate | null> {
  if (!BILLING_EVENT_TYPES.has(event.type)) return null;
  const subscriptionId = subscriptionIdOf(event);
  if (subscriptionId === null) return null;
  const stripe = deps.payments.client();
  return atProvider(async () => {
    let subscription = await fetchSubscription(stripe, subscriptionId);
    const userId = await userOfCustomer(deps.sql, deps.payments.mode, subscription.providerCustomerId);
    // Not a customer this server made (another app on the same account): not ours to mirror.
    if (userId === null) return null;
    const settled = await settle(stripe, subscription);
    if (settled !== null) subscription = await fetchSubscription(stripe, subscriptionId);
    const named = event.type === 'invoice.paid' ? [invoiceFacts(event.data.object)] : [];
    const latest = subscription.latestInvoice === null ? [] : [subscription.latestInvoice];
    return {
      userId,
      subscription,
      paidInvoices: [...named, ...latest].filter((invoice) => invoice.status === 'paid' && invoice.amountPaidCents > 0),
      refundedInvoiceId: settled?.refunded ?? null,
      checkoutSessionId: event.type === 'checkout.session.completed' ? event.data.object.id : null,
    };
  });
}

export async function applyBillingUpdate(tx: TransactionSql, deps: BillingWebhookDeps, update: BillingUpdate): Promise<void> {
  const { userId, subscription } = update;
  const before = await saveSubscription(tx, userId, deps.payments.mode, subscription);
  // Paid while any of the person's plans keeps Pro (one at a time is the rule; this is the safe side).
  const plans = await subscriptionStatuses(tx, userId);
  const paid = plans.some((plan) => isPaid(accountTypeForPlan(planStatusOf(plan.status, plan.cancelAtPeriodEnd))));
  await setAccountType(tx, userId, paid ? ACCOUNT_TYPE.paid : ACCOUNT_TYPE.free);

  const account = await accountEmail(tx, userId);
  if (account === null) return;
  const seen = new Set<string>();
  for (const invoice of update.paidInvoices) {
    if (seen.has(invoice.id)) continue;
    seen.add(invoice.id);
    const recorded = await recordPaidInvoice(tx, {
      invoiceId: invoice.id,
      userId,
      provider: deps.payments.mode,
      providerSubscriptionId: subscription.providerSubscriptionId,
      amountPaidCents: invoice.amountPaidCents,
      billingReason: invoice.billingReason,
      paidAt: new Date(invoice.paidAtMs ?? invoice.createdMs),
    });
    if (!recorded) continue;
    const isLatest = invoice.id === subscription.latestInvoiceId;
    const receipt = proReceipt(
      {
        name: account.firstName,
        invoiceId: invoice.id,
        amountCents: invoice.amountPaidCents,
        renewal: invoice.billingReason === 'subscription_cycle',
        paidUntil: isLatest ? subscription.currentPeriodEnd : null,
      },
      deps.publicOrigin,
    );
    await queueMail(tx, { to: account.email, ...receipt });
  }

  // One notice per failed renewal: a retried payment failing again sends nothing new.
  const { graceUntil } = subscription;
  const noticed = before !== null && before.graceUntil !== null && before.latestInvoiceId === subscription.latestInvoiceId;
  if (graceUntil !== null && !noticed) {
    await queueMail(tx, { to: account.email, ...paymentFailedMail(account.firstName, graceUntil, deps.publicOrigin) });
  }
  if (update.refundedInvoiceId !== null) await markInvoiceRefunded(tx, update.refundedInvoiceId);
  if (update.checkoutSessionId !== null) await endCheckout(tx, update.checkoutSessionId);
}
