import Stripe from 'stripe';
import type { Sql, TransactionSql } from '../../db/client.ts';
import { transact } from '../../db/transact.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Payments } from '../../providers/stripe.ts';
import { applyBillingUpdate, prepareBillingEvent } from '../billing/webhook.ts';
import { mintDownloadToken, thankYouUrl } from '../human-sounds/download-token.ts';
import { accountUpdated, bookingRefunded, fulfilBooking } from '../experts/fulfilment.ts';
import { queueMail } from '../mail/service.ts';
import { termsOf } from './products.ts';
import { addNextProductNotice, isWebhookEventKnown, markFailed, markRefunded, markSucceeded, recordWebhookEvent, type OrderRow } from './repo.ts';

/**
 * Fulfilment from verified webhooks (`POST /api/payments/webhook`). The event is checked against
 * its signature, then handled in one transaction with its id recorded in `webhook_events`: a
 * redelivered event finds its id and changes nothing, and a failure rolls both back so Stripe's
 * retry handles it again. The order's state changes only forward, so even two different events
 * of one payment fulfil once. The paid plan's events (billing/webhook.ts) read the provider before
 * the transaction and are applied inside it, under the same event id.
 */

export interface WebhookDeps {
  readonly sql: Sql;
  readonly provider: 'stripe' | 'test';
  /** Where people open the app: the receipt's download link is made with it. */
  readonly publicOrigin: string;
  /** The provider, for the paid plan's events (they read the subscription as it is now). */
  readonly payments: Payments;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The event, if the signature over these exact bytes is ours; INVALID_REQUEST (400) otherwise. */
export function verifiedEvent(body: unknown, signature: string | undefined, secret: string): Stripe.Event {
  if (!Buffer.isBuffer(body) || signature === undefined) {
    throw new ApiError('INVALID_REQUEST', 'A webhook needs its raw body and a Stripe-Signature header.');
  }
  try {
    return Stripe.webhooks.constructEvent(body, signature, secret);
  } catch (error) {
    throw new ApiError('INVALID_REQUEST', 'The webhook signature does not match.', { cause: error });
  }
}

function orderIdOf(intent: Stripe.PaymentIntent): string | null {
  const id = intent.metadata.order_id;
  return id !== undefined && UUID.test(id) ? id : null;
}

/**
 * What a paid order gets: its receipt (with a download link of its own for the library) and, for
 * THE PASS, a place on the next-product list. In the event's transaction, so it happens once.
 */
async function fulfil(tx: TransactionSql, publicOrigin: string, order: OrderRow): Promise<void> {
  const terms = termsOf(order.kind);
  if (terms === null || order.email === null) return;
  const downloadUrl = terms.downloads ? thankYouUrl(publicOrigin, await mintDownloadToken(tx, order.id)) : null;
  await queueMail(tx, { to: order.email, ...terms.receipt(order, downloadUrl) });
  if (order.kind === 'pass') await addNextProductNotice(tx, order.email, order.userId, order.id);
}

async function apply(tx: TransactionSql, deps: WebhookDeps, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const orderId = orderIdOf(intent);
      if (orderId === null) return;
      const order = await markSucceeded(tx, orderId, intent.id, intent.amount_received);
      if (order?.kind === 'expert') await fulfilBooking(tx, deps.publicOrigin, order, intent);
      else if (order !== null) await fulfil(tx, deps.publicOrigin, order);
      return;
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const orderId = orderIdOf(intent);
      if (orderId !== null) await markFailed(tx, orderId, intent.id);
      return;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
      // A partial refund leaves the purchase in place; a full one ends it.
      if (intentId !== null && charge.refunded) {
        await markRefunded(tx, deps.provider, intentId);
        await bookingRefunded(tx, deps.publicOrigin, intentId);
      }
      return;
    }
    case 'account.updated':
      await accountUpdated(tx, event.data.object);
      return;
    default:
      return;
  }
}

/** Handles a verified event once; true when it was new. */
export async function handleEvent(deps: WebhookDeps, event: Stripe.Event): Promise<boolean> {
  // A redelivery of a handled event asks the provider nothing; the transaction checks again.
  if (await isWebhookEventKnown(deps.sql, event.id)) return false;
  const billing = await prepareBillingEvent(deps, event);
  return transact(deps.sql, async (tx) => {
    if (!(await recordWebhookEvent(tx, event.id, event.type))) return false;
    await apply(tx, deps, event);
    if (billing !== null) await applyBillingUpdate(tx, deps, billing);
    return true;
  });
}
