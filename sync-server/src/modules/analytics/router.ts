import { Router } from 'express';
import { analyticsEventsRequestSchema } from '#core/schemas/analytics';
import type { Sql } from '../../db/client.ts';
import type { RateLimitsConfig } from '../../env.ts';
import { takeHits } from '../../http/rate-limit.ts';
import { parseBody } from '../../http/validate.ts';
import { findSessionUser } from '../accounts/session-repo.ts';
import { bearerToken } from '../accounts/session-token.ts';
import { insertEvents } from './repo.ts';

/**
 * `POST /api/events`: first-party analytics, one event or a batch. Signing in is optional: a
 * valid session adds its user id, a missing or stale token just records the events without one
 * (a queue sent after the session ended must not bounce back to the app as "signed out").
 */
export function analyticsRouter({ sql, limits }: { readonly sql: Sql; readonly limits: Pick<RateLimitsConfig, 'eventsPerClient'> }): Router {
  const perClient = { name: 'events-client', max: limits.eventsPerClient, windowSeconds: 60 * 60 };
  const router = Router();
  router.post('/events', async (req, res) => {
    const body = parseBody(analyticsEventsRequestSchema, req);
    const events = Array.isArray(body) ? body : [body];
    // Each event counts, so batches cannot fill the table faster than single events.
    await takeHits(sql, perClient, req.ip ?? 'unknown', 'Too many events', events.length);
    const token = bearerToken(req.header('authorization'));
    const session = token === null ? null : await findSessionUser(sql, token);
    await insertEvents(sql, events, session?.userId ?? null);
    res.status(204).end();
  });
  return router;
}
