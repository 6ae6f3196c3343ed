import { Router } from 'express';
import { getOneSomethingNewQuerySchema, type GetOneSomethingNewResponse } from '#core/schemas/something-new';
import { pickAnother } from '#core/something-new/pick';
import { parseQuery } from '../../http/validate.ts';
import type { FounderProfiles } from './load-profiles.ts';
import type { PictureCheck } from './picture-check.ts';

export interface SomethingNewRouterDeps {
  readonly founders: FounderProfiles;
  readonly datasetUrl: string | null;
  readonly pictureCheck: PictureCheck;
  /** A number in [0, 1); tests pass a seeded one. */
  readonly random?: () => number;
}

/** Something New's one call (specification section 7): a random founder profile, as a list. */
export function somethingNewRouter({ founders, datasetUrl, pictureCheck, random = Math.random }: SomethingNewRouterDeps): Router {
  const router = Router();

  router.get('/getOneSomethingNew', async (req, res) => {
    const { exclude } = parseQuery(getOneSomethingNewQuerySchema, req);
    const profile = pickAnother(founders.profiles, exclude, random);
    const shown = profile === null ? null : { ...profile, proflink: profile.proflink !== null && (await pictureCheck(profile.proflink)) ? profile.proflink : null };
    const reply: GetOneSomethingNewResponse = { item: shown === null ? [] : [shown], sample: founders.sample, datasetUrl };
    res.json(reply);
  });

  return router;
}
