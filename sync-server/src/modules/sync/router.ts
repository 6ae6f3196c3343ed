import { Router, type RequestHandler, type Response } from 'express';
import { PULL_NEXT_CURSOR_HEADER, pullQuerySchema, pushRequestSchema } from '#core/sync/protocol';
import type { Sql } from '../../db/client.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { rejectInvalidToken, requireUser, sessionOf, sessionTokenHash } from '../accounts/require-user.ts';
import { pullChanges, pullChangesForSession, type PullReply } from './pull-service.ts';
import { pushMutations } from './push-service.ts';
import type { Clock } from './record-writes.ts';

/**
 * Largest push body. A device batches up to about 512 KB of fields (pwa/src/sync/push-outbox.ts);
 * with the envelope around them that stays well below this. app.ts mounts the JSON parser with
 * this limit on the push path only.
 */
export const PUSH_BODY_LIMIT = '1mb';

/**
 * A pull's reply is JSON text already (pull-service.ts): sent as it is, as res.json would send it,
 * with the next page's cursor in a header when there is one.
 */
function sendPullReply(res: Response, reply: PullReply): void {
  if (reply.next !== null) res.set(PULL_NEXT_CURSOR_HEADER, String(reply.next));
  res.type('json').send(reply.json);
}

export interface SyncRouterDeps {
  readonly sql: Sql;
  readonly clock?: Clock;
}

export function syncRouter({ sql, clock = Date.now }: SyncRouterDeps): Router {
  const router = Router();
  const signedIn = requireUser(sql);

  router.post('/sync/push', signedIn, async (req, res) => {
    const request = parseBody(pushRequestSchema, req, { textsCheckedPerItem: true });
    res.json(await pushMutations(sql, sessionOf(res).userId, request, clock));
  });

  /**
   * Pull is the hottest endpoint (every device, on every trigger): with a token and a valid
   * query, the session is checked inside the pull's own statement, one round trip instead of two.
   * Anything else goes on to the ordinary chain below, so a dead session still answers 401
   * before a bad query answers 400.
   */
  const pullInOneStatement: RequestHandler = async (req, res, next) => {
    const tokenHash = sessionTokenHash(req);
    const query = tokenHash === null ? undefined : pullQuerySchema.safeParse(req.query);
    if (tokenHash === null || query?.success !== true) {
      next();
      return;
    }
    const reply = await pullChangesForSession(sql, tokenHash, query.data, clock);
    if (reply === null) rejectInvalidToken(res);
    else sendPullReply(res, reply);
  };

  router.get('/sync/pull', pullInOneStatement, signedIn, async (req, res) => {
    const query = parseQuery(pullQuerySchema, req);
    sendPullReply(res, await pullChanges(sql, sessionOf(res).userId, query, clock));
  });

  return router;
}
