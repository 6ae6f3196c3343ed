import { Router } from 'express';
import { z } from 'zod';
import {
  accountLinkResponseSchema,
  bookingResponseSchema,
  bookingsResponseSchema,
  checkSiteNameResponseSchema,
  createAccountLinkRequestSchema,
  expertDashboardResponseSchema,
  expertFieldsSchema,
  expertPageResponseSchema,
  expertResponseSchema,
  stripeAccountResponseSchema,
  stripeInfoResponseSchema,
  type ExpertFields,
} from '#core/schemas/expert';
import { SITE_NAME_MESSAGES } from '#core/experts/site-name';
import { chargeRequestSchema, chargeResponseSchema, idempotencyKeySchema } from '#core/schemas/payments';
import type { Request } from 'express';
import type { Sql } from '../../db/client.ts';
import type { RateLimitsConfig } from '../../env.ts';
import { ApiError } from '../../http/api-error.ts';
import { takeHits, type RateLimit } from '../../http/rate-limit.ts';
import { parseBody, parseParams, parseQuery } from '../../http/validate.ts';
import type { Payments } from '../../providers/stripe.ts';
import { requireUser, sessionOf } from '../accounts/require-user.ts';
import { findSessionUser } from '../accounts/session-repo.ts';
import { bearerToken } from '../accounts/session-token.ts';
import { appOrigin, chargesPerClientLimit } from '../payments/router.ts';
import { bookingOrderState, chargeBooking, listBookings, refundBooking, scheduleBooking } from './booking-service.ts';
import { expertOfUser } from './repo.ts';
import {
  addExpert,
  checkSiteName,
  createAccountLink,
  createStripeAccount,
  publicPage,
  recordOf,
  stripeInfo,
  updateExpert,
} from './service.ts';

/**
 * Expert pages over HTTP, with the specification's paths and answers (section 7; the contract is
 * documented in pwa/core/schemas/expert.ts). Protected calls act on the caller's own record.
 */

/** A site name in a path: any text (it is stripped to letters), never an essay. */
const siteNameParamsSchema = z.object({ siteName: z.string().max(200) });
const accountParamsSchema = z.object({ stripeAccountId: z.string().min(1).max(255) });
const bookingParamsSchema = z.object({ id: z.uuid() });
const orderParamsSchema = z.object({ id: z.uuid() });
const orderQuerySchema = z.object({ key: idempotencyKeySchema });

/** Site-name checks: enough for anyone choosing a name, too few to list who has which. */
export const SITE_NAME_CHECKS_PER_USER: RateLimit = { name: 'site-name-user', max: 30, windowSeconds: 10 * 60 };
export const SITE_NAME_CHECKS_PER_CLIENT: RateLimit = { name: 'site-name-client', max: 120, windowSeconds: 10 * 60 };

/** The form's fields; a reserved site name is SITE_NAME_RESERVED rather than a plain INVALID_REQUEST. */
function expertFields(req: Request): ExpertFields {
  try {
    return parseBody(expertFieldsSchema, req);
  } catch (error) {
    const reserved = error instanceof ApiError && error.issues?.some((issue) => issue.path[0] === 'siteName' && issue.message === SITE_NAME_MESSAGES.RESERVED);
    if (reserved === true && error instanceof ApiError) {
      throw new ApiError('SITE_NAME_RESERVED', SITE_NAME_MESSAGES.RESERVED, { issues: error.issues ?? [], cause: error });
    }
    throw error;
  }
}

export interface ExpertsRouterDeps {
  readonly sql: Sql;
  readonly payments: Payments;
  readonly limits: Pick<RateLimitsConfig, 'chargesPerClient'>;
  readonly publicOrigin: string;
}

export function expertsRouter({ sql, payments, limits, publicOrigin }: ExpertsRouterDeps): Router {
  const router = Router();
  const deps = { sql, payments, publicOrigin };
  const signedIn = requireUser(sql);

  router.post('/addExpert', signedIn, async (req, res) => {
    const fields = expertFields(req);
    const { created, expert } = await addExpert(sql, sessionOf(res).userId, fields);
    res.status(created ? 201 : 200).json(expertResponseSchema.parse({ expert }));
  });

  router.post('/updateExpert', signedIn, async (req, res) => {
    const fields = expertFields(req);
    res.json(expertResponseSchema.parse({ expert: await updateExpert(sql, sessionOf(res).userId, fields) }));
  });

  router.get('/expert/dashboard', signedIn, async (_req, res) => {
    const expert = await expertOfUser(sql, sessionOf(res).userId);
    res.json(expertDashboardResponseSchema.parse({ item: expert === null ? null : recordOf(expert) }));
  });

  router.get('/expert/checkSiteName/:siteName', signedIn, async (req, res) => {
    const { siteName } = parseParams(siteNameParamsSchema, req);
    const { userId } = sessionOf(res);
    await takeHits(sql, SITE_NAME_CHECKS_PER_USER, userId, 'Too many site names checked');
    await takeHits(sql, SITE_NAME_CHECKS_PER_CLIENT, req.ip ?? 'unknown', 'Too many site names checked');
    res.json(checkSiteNameResponseSchema.parse(await checkSiteName(sql, userId, siteName)));
  });

  // The specification's body is ignored: the account is the caller's own.
  router.post('/createStripeAccount', signedIn, async (_req, res) => {
    res.json(stripeAccountResponseSchema.parse(await createStripeAccount(deps, sessionOf(res).userId)));
  });

  router.post('/createAccountLink', signedIn, async (req, res) => {
    const { stripeAccountId } = parseBody(createAccountLinkRequestSchema, req);
    const link = await createAccountLink(deps, sessionOf(res).userId, stripeAccountId, appOrigin(req));
    res.json(accountLinkResponseSchema.parse({ accountLinks: link }));
  });

  router.get('/expert/stripeInfo/:stripeAccountId', signedIn, async (req, res) => {
    const { stripeAccountId } = parseParams(accountParamsSchema, req);
    res.json(stripeInfoResponseSchema.parse(await stripeInfo(deps, sessionOf(res).userId, stripeAccountId)));
  });

  router.get('/expert/bookings', signedIn, async (_req, res) => {
    res.json(bookingsResponseSchema.parse({ bookings: await listBookings(deps, sessionOf(res).userId) }));
  });

  router.post('/expert/bookings/:id/schedule', signedIn, async (req, res) => {
    const { id } = parseParams(bookingParamsSchema, req);
    res.json(bookingResponseSchema.parse({ booking: await scheduleBooking(deps, sessionOf(res).userId, id) }));
  });

  router.post('/expert/bookings/:id/refund', signedIn, async (req, res) => {
    const { id } = parseParams(bookingParamsSchema, req);
    res.json(bookingResponseSchema.parse({ booking: await refundBooking(deps, sessionOf(res).userId, id) }));
  });

  // Public: the page anyone may open, and paying for an hour.
  router.get('/expert/page/:siteName', async (req, res) => {
    const { siteName } = parseParams(siteNameParamsSchema, req);
    res.json(expertPageResponseSchema.parse({ item: await publicPage(sql, siteName) }));
  });

  router.post('/expert/getPaymentIntent/:siteName', async (req, res) => {
    const { siteName } = parseParams(siteNameParamsSchema, req);
    const request = parseBody(chargeRequestSchema, req);
    // One count with every other checkout: card testing would just move here.
    await takeHits(sql, chargesPerClientLimit(limits), req.ip ?? 'unknown', 'Too many payment attempts');
    const token = bearerToken(req.header('authorization'));
    const session = token === null ? null : await findSessionUser(sql, token);
    const answer = await chargeBooking(deps, siteName, { request, userId: session?.userId ?? null, appOrigin: appOrigin(req) });
    res.json(chargeResponseSchema.parse(answer));
  });

  router.get('/expert/orders/:id', async (req, res) => {
    const { id } = parseParams(orderParamsSchema, req);
    const { key } = parseQuery(orderQuerySchema, req);
    res.json(chargeResponseSchema.parse(await bookingOrderState(deps, id, key, appOrigin(req))));
  });

  return router;
}
