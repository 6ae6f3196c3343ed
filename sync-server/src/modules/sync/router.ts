import { Router } from 'express';
import { pullQuerySchema, pushRequestSchema } from '#core/sync/protocol';
import type { Sql } from '../../db/client.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { requireUser, sessionOf } from '../accounts/require-user.ts';
import { pullChanges, pushMutations, type Clock } from './service.ts';

/**
 * Largest push body. A device batches up to about 512 KB of fields (pwa/src/sync/push-outbox.ts);
 * with the envelope around them that stays well below this. app.ts mounts the JSON parser with
 * this limit on the push path only.
 */
export const PUSH_BODY_LIMIT = '1mb';

export interface SyncRouterDeps {
  readonly sql: Sql;
  readonly clock?: Clock;
}

export function syncRouter({ sql, clock = Date.now }: SyncRouterDeps): Router {
  const router = Router();
  const signedIn = requireUser(sql);

  router.post('/sync/push', signedIn, async (req, res) => {
    const request = parseBody(pushRequestSchema, req);
    res.json(await pushMutations(sql, sessionOf(res).userId, request, clock));
  });

  router.get('/sync/pull', signedIn, async (req, res) => {
    const query = parseQuery(pullQuerySchema, req);
    res.json(await pullChanges(sql, sessionOf(res).userId, query, clock));
  });

  return router;
}
