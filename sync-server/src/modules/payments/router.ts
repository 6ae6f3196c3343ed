import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { accountPurchasesSchema, chargeRequestSchema, idempotencyKeySchema, type AccountPurchases, type PaymentsConfig } from '#core/schemas/payments';
import type { Sql } from '../../db/client.ts';
import type { RateLimitsConfig } from '../../env.ts';
import { takeHits, type RateLimit } from '../../http/rate-limit.ts';
import { parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import type { Payments } from '../../providers/stripe.ts';
import { requireUser, sessionOf } from '../accounts/require-user.ts';
import { findSessionUser } from '../accounts/session-repo.ts';
import { bearerToken } from '../accounts/session-token.ts';
import { chargeProduct, orderState } from './charge-service.ts';
import type { OneTimeProduct } from './products.ts';
import { accountOrders } from './repo.ts';
import { handleEvent, verifiedEvent } from './webhook-service.ts';

/**
 * Payments over HTTP: the one-time charges (THE PASS, the Human Sounds library), an order's state after the bank's page, the verified
 * webhook, the browser's payments configuration and an account's purchases. The webhook's raw
 * body is read before the JSON parser (app.ts).
 */

const orderParamsSchema = z.object({ id: z.uuid() });
const orderQuerySchema = z.object({ key: idempotencyKeySchema });

/** The app's origin as this request reached it: where the bank's page sends the buyer back. */
export function appOrigin(req: Request): string {
  try {
    return new URL(`${req.protocol}://${req.get('host') ?? 'localhost'}`).origin;
  } catch {
    return 'http://localhost';
  }
}

/** Charge attempts per client address: one count for every checkout (expert bookings included). */
export function chargesPerClientLimit(limits: Pick<RateLimitsConfig, 'chargesPerClient'>): RateLimit {
  return { name: 'charge-client', max: limits.chargesPerClient, windowSeconds: 60 * 60 };
}

export interface PaymentsRouterDeps {
  readonly sql: Sql;
  readonly payments: Payments;
  readonly limits: Pick<RateLimitsConfig, 'chargesPerClient'>;
  /** Where people open the app (env): links in receipts. */
  readonly publicOrigin: string;
}

export function paymentsRouter({ sql, payments, limits, publicOrigin }: PaymentsRouterDeps): Router {
  const router = Router();
  const deps = { sql, payments };
  // One count for every product: card testing would just move to the other endpoint.
  const chargesPerClient = chargesPerClientLimit(limits);

  const charge = (product: OneTimeProduct) => async (req: Request, res: Response) => {
    const request = parseBody(chargeRequestSchema, req);
    // Counted once the request is well-formed: each of these reaches the payment provider.
    await takeHits(sql, chargesPerClient, req.ip ?? 'unknown', 'Too many payment attempts');
    // Signing in is optional: a live session ties the order to the account, anything else is a guest.
    const token = bearerToken(req.header('authorization'));
    const session = token === null ? null : await findSessionUser(sql, token);
    res.json(await chargeProduct(deps, product, { request, userId: session?.userId ?? null, appOrigin: appOrigin(req) }));
  };
  router.post('/charge', charge('pass'));
  router.post('/chargeHumanSounds', charge('sounds'));

  router.get('/orders/:id', async (req, res) => {
    const { id } = parseParams(orderParamsSchema, req);
    const { key } = parseQuery(orderQuerySchema, req);
    res.json(await orderState(deps, id, key, appOrigin(req)));
  });

  router.post('/payments/webhook', async (req, res) => {
    const event = verifiedEvent(req.body, req.header('stripe-signature'), payments.webhookSecret);
    const fresh = await handleEvent({ sql, provider: payments.mode, publicOrigin, payments }, event);
    // `duplicate`: this event id was handled before and changed nothing now.
    res.json({ received: true, duplicate: !fresh });
  });

  router.get('/payments/config', (_req, res) => {
    const config: PaymentsConfig = { mode: payments.mode, publishableKey: payments.publishableKey };
    res.json(config);
  });

  router.get('/account/purchases', requireUser(sql), async (_req, res) => {
    const orders = await accountOrders(sql, sessionOf(res).userId);
    const reply: AccountPurchases = {
      hasPass: orders.some((order) => order.kind === 'pass' && order.status === 'succeeded'),
      purchases: orders.map((order) => ({
        orderId: order.id,
        kind: order.kind,
        amountCents: order.amountCents,
        status: order.status === 'refunded' ? 'refunded' : 'succeeded',
        createdAt: order.createdAt.toISOString(),
      })),
    };
    res.json(accountPurchasesSchema.parse(reply));
  });

  return router;
}
