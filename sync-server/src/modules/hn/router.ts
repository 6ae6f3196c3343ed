import { Router } from 'express';
import { addNewTrackerRequestSchema, deleteTrackerRequestSchema, getViewParamsSchema, type GetTrackersResponse } from '#core/schemas/hn';
import type { Sql } from '../../db/client.ts';
import { takeHits, type RateLimit } from '../../http/rate-limit.ts';
import { parseBody, parseParams } from '../../http/validate.ts';
import { requireUser, sessionOf } from '../accounts/require-user.ts';
import { addNewTracker, deleteTracker, getTrackers, getView } from './service.ts';
import type { ThreadLoader } from './thread-loader.ts';

export interface HnRouterDeps {
  readonly sql: Sql;
  readonly threads: ThreadLoader;
}

/**
 * Each new tracker reads a whole thread from the site: a person may add this many an hour (far
 * more than anyone launches), so no account can make us hammer the site.
 */
const ADDS_PER_USER: RateLimit = { name: 'hn-add-user', max: 60, windowSeconds: 60 * 60 };

/** The launch tracker's calls, with the paths and answers of the specification (section 7). */
export function hnRouter({ sql, threads }: HnRouterDeps): Router {
  const router = Router();
  const deps = { sql, threads };
  // The first version's tracker screens read a 400 INVALID_TOKEN as "signed out".
  const signedIn = requireUser(sql, { invalidStatus: 400 });

  router.get('/getTrackers', signedIn, async (_req, res) => {
    const reply: GetTrackersResponse = { hnLinks: await getTrackers(sql, sessionOf(res).userId) };
    res.json(reply);
  });

  router.post('/addNewTracker', signedIn, async (req, res) => {
    const { hnLink } = parseBody(addNewTrackerRequestSchema, req);
    const { userId } = sessionOf(res);
    await takeHits(sql, ADDS_PER_USER, userId, 'Too many trackers added');
    const reply = await addNewTracker(deps, userId, hnLink);
    res.status(reply.created ? 201 : 200).json(reply);
  });

  router.post('/deleteTracker', signedIn, async (req, res) => {
    const { id } = parseBody(deleteTrackerRequestSchema, req);
    res.json(await deleteTracker(sql, sessionOf(res).userId, id));
  });

  router.get('/getView/:id', signedIn, async (req, res) => {
    const { id } = parseParams(getViewParamsSchema, req);
    res.json(await getView(deps, sessionOf(res).userId, id));
  });

  return router;
}
