import { Router, type Request } from 'express';
import { LIBRARY_ZIP_NAME } from '#core/human-sounds/catalogue';
import { charityRaisedSchema, downloadTokenSchema, libraryAccessSchema } from '#core/schemas/human-sounds';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Logger } from '../../logger.ts';
import type { Payments } from '../../providers/stripe.ts';
import { charityRaised, libraryAccess, paidOrderOfToken } from './library-service.ts';
import { LibraryFilesMissing, type LibraryZip } from './library-zip.ts';
import { refusedPage } from './refused-page.ts';

/**
 * Human Sounds over HTTP (its charge is in payments): the library a download token opens, its
 * zip, and what the sales have raised for charity. No session: the token is the buyer's proof.
 */

/** The path's token; anything else is INVALID_REQUEST (a NUL too: nothing of it is stored or shown). */
function tokenOf(req: Request): string {
  const parsed = downloadTokenSchema.safeParse(req.params.token);
  if (!parsed.success) throw new ApiError('INVALID_REQUEST', 'This is not a whole download link. Open the link from your receipt e-mail again.');
  return parsed.data;
}

/** How long a shared cache may keep the charity total: it moves a few dollars at a time. */
const RAISED_MAX_AGE_SECONDS = 60;

export interface HumanSoundsRouterDeps {
  readonly sql: Sql;
  readonly payments: Payments;
  readonly logger: Logger;
  readonly zip: LibraryZip;
}

/** A person's browser (an e-mailed link, the Download button) rather than the app's API client. */
function wantsPage(req: Request): boolean {
  return req.accepts(['html', 'json']) === 'html';
}

export function humanSoundsRouter({ sql, payments, logger, zip }: HumanSoundsRouterDeps): Router {
  const router = Router();
  const deps = { sql, payments };

  async function zipBytes(): Promise<Uint8Array> {
    try {
      return await zip.bytes();
    } catch (error) {
      if (!(error instanceof LibraryFilesMissing)) throw error;
      // The buyer's link is fine; the operator has to put the audio in place.
      logger.error({ err: error }, 'the Human Sounds library cannot be built');
      throw new ApiError('UNAVAILABLE', 'The library cannot be downloaded right now. Try again in a few minutes.', { cause: error });
    }
  }

  router.get('/humansounds/library/:token', async (req, res) => {
    const token = tokenOf(req);
    res.json(libraryAccessSchema.parse(await libraryAccess(deps, token)));
  });

  router.get('/humansounds/library/:token/zip', async (req, res) => {
    try {
      const token = tokenOf(req);
      await paidOrderOfToken(deps, token);
      const bytes = await zipBytes();
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Disposition', `attachment; filename="${LIBRARY_ZIP_NAME}"`);
      res.setHeader('Content-Length', String(bytes.byteLength));
      res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (error) {
      if (!(error instanceof ApiError) || !wantsPage(req)) throw error;
      res.status(error.status).type('html').send(refusedPage(error.code));
    }
  });

  router.get('/humansounds/raised', async (_req, res) => {
    res.setHeader('Cache-Control', `public, max-age=${RAISED_MAX_AGE_SECONDS}`);
    res.json(charityRaisedSchema.parse(await charityRaised(sql, new Date())));
  });

  return router;
}
