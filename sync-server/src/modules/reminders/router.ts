import { Router } from 'express';
import {
  deleteSubscriptionRequestSchema,
  saveSubscriptionRequestSchema,
  subscriptionStatusQuerySchema,
  type DeleteSubscriptionResponse,
  type PublicKeyResponse,
  type SaveSubscriptionResponse,
  type SubscriptionStatusResponse,
} from '#core/schemas/reminders';
import type { Sql } from '../../db/client.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import type { VapidKeys } from '../../providers/push.ts';
import type { PushEndpointPolicy } from '../../providers/push-endpoints.ts';
import { requireUser, sessionOf } from '../accounts/require-user.ts';
import { saveSubscription } from './service.ts';
import { releaseSubscription, subscriptionStatus } from './subscriptions.ts';

export interface RemindersRouterDeps {
  readonly sql: Sql;
  readonly vapidKeys: () => Promise<VapidKeys>;
  /** Which push endpoints may be saved (the sender checks them again on every send). */
  readonly endpoints: PushEndpointPolicy;
  readonly clock?: () => number;
}

/** /api/reminders: the push key, and a signed-in person's browser subscriptions and what each takes. */
export function remindersRouter({ sql, vapidKeys, endpoints, clock = Date.now }: RemindersRouterDeps): Router {
  const router = Router();
  const signedIn = requireUser(sql);

  router.get('/reminders/public-key', async (_req, res) => {
    const body: PublicKeyResponse = { publicKey: (await vapidKeys()).publicKey };
    res.json(body);
  });

  router.post('/reminders/subscriptions', signedIn, async (req, res) => {
    const request = parseBody(saveSubscriptionRequestSchema, req);
    const dueAt = await saveSubscription(sql, sessionOf(res).userId, request, clock(), endpoints);
    const body: SaveSubscriptionResponse = { nextDueAt: dueAt?.toISOString() ?? null };
    res.status(201).json(body);
  });

  router.delete('/reminders/subscriptions', signedIn, async (req, res) => {
    const request = parseBody(deleteSubscriptionRequestSchema, req);
    const body: DeleteSubscriptionResponse = { kept: await releaseSubscription(sql, sessionOf(res).userId, request, clock()) };
    res.json(body);
  });

  router.get('/reminders/subscriptions/status', signedIn, async (req, res) => {
    const { endpoint } = parseQuery(subscriptionStatusQuerySchema, req);
    const body: SubscriptionStatusResponse = await subscriptionStatus(sql, sessionOf(res).userId, endpoint);
    res.json(body);
  });

  return router;
}
