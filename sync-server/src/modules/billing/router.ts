import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { chargeHNSubscriptionRequestSchema, checkoutSessionIdSchema, emptyBodySchema, portalRequestSchema, type PlanState } from '#core/schemas/billing';
import type { Sql } from '../../db/client.ts';
import type { RateLimitsConfig } from '../../env.ts';
import { takeHits } from '../../http/rate-limit.ts';
import { parseBody, parseParams } from '../../http/validate.ts';
import type { Payments } from '../../providers/stripe.ts';
import { requireUser, sessionOf } from '../accounts/require-user.ts';
import { appOrigin } from '../payments/router.ts';
import { cancelPlan, resumePlan } from './cancel-service.ts';
import { checkoutState, openPortal, startCheckout } from './checkout-service.ts';
import type { BillingDeps } from './customer.ts';
import { readPlanState } from './plan-state.ts';
import { chargeHNSubscription } from './subscribe-service.ts';

/**
 * The paid plan over HTTP (contracts in `#core/schemas/billing`). Every call is the signed-in
 * person's own: the plan, customer and checkouts are found from the session, never from the
 * request. The provider's events arrive at the payments webhook (one endpoint for all).
 */

export interface BillingRouterDeps {
  readonly sql: Sql;
  readonly payments: Payments;
  readonly limits: Pick<RateLimitsConfig, 'chargesPerClient'>;
}

const sessionParamsSchema = z.object({ sessionId: checkoutSessionIdSchema });

export function billingRouter({ sql, payments, limits }: BillingRouterDeps): Router {
  const router = Router();
  const deps: BillingDeps = { sql, payments };
  const signedIn = requireUser(sql);
  const userOf = (res: Response) => sessionOf(res).userId;
  // The same count as the one-time charges: card testing would just move to this endpoint.
  const chargesPerClient = { name: 'charge-client', max: limits.chargesPerClient, windowSeconds: 60 * 60 };

  // The tracker screens read a 400 INVALID_TOKEN as "signed out", as their first version did.
  router.post('/chargeHNSubscription', requireUser(sql, { invalidStatus: 400 }), async (req: Request, res: Response) => {
    const request = parseBody(chargeHNSubscriptionRequestSchema, req);
    await takeHits(sql, chargesPerClient, req.ip ?? 'unknown', 'Too many payment attempts');
    res.json(await chargeHNSubscription(deps, userOf(res), request));
  });

  router.post('/billing/checkout', signedIn, async (req, res) => {
    parseBody(emptyBodySchema, req);
    res.json(await startCheckout(deps, userOf(res), appOrigin(req)));
  });

  router.get('/billing/checkout/:sessionId', signedIn, async (req, res) => {
    const { sessionId } = parseParams(sessionParamsSchema, req);
    res.json(await checkoutState(deps, userOf(res), sessionId));
  });

  router.post('/billing/portal', signedIn, async (req, res) => {
    const { returnTo } = parseBody(portalRequestSchema, req);
    res.json(await openPortal(deps, userOf(res), returnTo, appOrigin(req)));
  });

  router.post('/billing/cancel', signedIn, async (req, res) => {
    parseBody(emptyBodySchema, req);
    res.json(await cancelPlan(deps, userOf(res)));
  });

  router.post('/billing/resume', signedIn, async (req, res) => {
    parseBody(emptyBodySchema, req);
    res.json(await resumePlan(deps, userOf(res)));
  });

  router.get('/billing/subscription', signedIn, async (_req, res) => {
    const plan: PlanState = await readPlanState(deps, userOf(res));
    res.json(plan);
  });

  return router;
}
