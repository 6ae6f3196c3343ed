import compression from 'compression';
import express, { type Express, type RequestHandler, type Router } from 'express';
import type { Sql } from './db/client.ts';
import type { Env } from './env.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { requestLogger } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { shellScriptSources, shellStyleSources } from './http/inline-sources.ts';
import { servePwa } from './http/static-pwa.ts';
import type { Logger } from './logger.ts';
import { vapidKeysLoader } from './providers/push.ts';
import { createPayments, WEBHOOK_PATH, type Payments } from './providers/stripe.ts';
import { accountsRouter } from './modules/accounts/router.ts';
import { analyticsRouter } from './modules/analytics/router.ts';
import { billingRouter } from './modules/billing/router.ts';
import { readPlanState } from './modules/billing/plan-state.ts';
import { exercisesRouter } from './modules/exercises/router.ts';
import { expertPageText } from './modules/experts/open-graph.ts';
import { expertsRouter } from './modules/experts/router.ts';
import { healthRouter } from './modules/health/router.ts';
import { humanSoundsRouter } from './modules/human-sounds/router.ts';
import { libraryZip } from './modules/human-sounds/library-zip.ts';
import { hnRouter } from './modules/hn/router.ts';
import { createThreadLoader, type ThreadLoader } from './modules/hn/thread-loader.ts';
import { createHnClient } from './providers/hacker-news.ts';
import { mailboxRouter } from './modules/mail/router.ts';
import { paymentsRouter } from './modules/payments/router.ts';
import { remindersRouter } from './modules/reminders/router.ts';
import { loadFounderProfiles, pictureOrigins } from './modules/something-new/load-profiles.ts';
import { createPictureCheck } from './modules/something-new/picture-check.ts';
import { somethingNewRouter } from './modules/something-new/router.ts';
import { PUSH_BODY_LIMIT, syncRouter } from './modules/sync/router.ts';

export interface AppDeps {
  readonly env: Env;
  readonly sql: Sql;
  readonly logger: Logger;
  /** The payments provider; made from `env.payments` when absent (tests pass one to sign events). */
  readonly payments?: Payments;
  /** The Hacker News threads, shared with the watch job; made from `env.hnApiBase` when absent. */
  readonly hnThreads?: ThreadLoader;
}

/** Largest webhook body read (Stripe's events are far smaller). */
const WEBHOOK_BODY_LIMIT = '1mb';

/** Stripe's API paths and the test pages the local Stripe serves in place of Stripe's. */
const LOCAL_STRIPE_PATHS = /^\/(?:v1|local-stripe)\//;

/** The local Stripe's test pages: plain HTML with an inline style and a form posting to themselves. */
const LOCAL_STRIPE_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Test mode: the local Stripe on the product's own port (one address to open). Every request
 * tells the payments provider where this server listens, so the SDK and the webhooks reach it.
 */
function localStripe(payments: Payments): RequestHandler {
  const { local } = payments;
  return (req, res, next) => {
    payments.learnOwnAddress(req.socket);
    if (local === null || !LOCAL_STRIPE_PATHS.test(req.path)) {
      next();
      return;
    }
    if (req.path.startsWith('/local-stripe/')) res.setHeader('Content-Security-Policy', LOCAL_STRIPE_PAGE_POLICY);
    local.handler(req, res, next);
  };
}

/** The tracker's threads from the configured site, through the database cache. */
export function createHnThreads(sql: Sql, env: Env): ThreadLoader {
  return createThreadLoader({ sql, client: createHnClient({ baseUrl: env.hnApiBase }) });
}

/** Largest JSON body any endpoint accepts. */
export const JSON_BODY_LIMIT = '100kb';

/** API answers are personal and live: no cache may keep them. */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** The HTTP application, not listening: `index.ts` serves it, tests drive it on a free port. */
export function createApp({ env, sql, logger, payments: given, hnThreads }: AppDeps): Express {
  const payments = given ?? createPayments(env.payments, { nodeEnv: env.nodeEnv });
  const app = express();
  app.disable('x-powered-by');
  // No ETag on answers sent with res.json/res.send: API answers are `no-store`, so a hash of
  // every body (a sync page included) would be computed and never used. The PWA's files keep
  // theirs: express.static makes its own, and the compressed copies carry one (precompressed.ts).
  app.disable('etag');

  app.use(requestLogger(logger));
  // Read before the headers: the page may show the profiles' pictures from their own sites.
  const founders = loadFounderProfiles(env.somethingNew.csvPath, logger);
  app.use(securityHeaders(env, pictureOrigins(founders.profiles), shellStyleSources(env.publicDir), shellScriptSources(env.publicDir)));
  app.use(compression());
  // Never with real keys: `createPayments` makes no local Stripe then.
  if (payments.local !== null) app.use(localStripe(payments));

  // A sync push carries a device's queued writes: its own, larger limit, parsed before the generic one.
  app.use('/api/sync/push', express.json({ limit: PUSH_BODY_LIMIT }));
  // A webhook's signature is over its exact bytes: read raw, before the JSON parser.
  app.use(WEBHOOK_PATH, noStore, express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }));
  app.use('/api', noStore, express.json({ limit: JSON_BODY_LIMIT }));
  // One router per domain, each declaring its own paths under /api. New domains join this list.
  const apiRouters: Router[] = [
    healthRouter({ sql }),
    syncRouter({ sql }),
    exercisesRouter({ sql }),
    accountsRouter({ sql, env, planOf: (userId) => readPlanState({ sql, payments }, userId) }),
    analyticsRouter({ sql, limits: env.rateLimits }),
    remindersRouter({
      sql,
      vapidKeys: vapidKeysLoader(sql, env.push),
      endpoints: { allowLoopback: env.push.allowLoopbackEndpoints },
    }),
    paymentsRouter({ sql, payments, limits: env.rateLimits, publicOrigin: env.publicOrigin }),
    billingRouter({ sql, payments, limits: env.rateLimits }),
    expertsRouter({ sql, payments, limits: env.rateLimits, publicOrigin: env.publicOrigin }),
    humanSoundsRouter({ sql, payments, logger, zip: libraryZip(env.humanSoundsAudioDir) }),
    hnRouter({ sql, threads: hnThreads ?? createHnThreads(sql, env) }),
    somethingNewRouter({ founders, datasetUrl: env.somethingNew.datasetUrl, pictureCheck: createPictureCheck() }),
    // The local mailbox lists everyone's mail: never in production.
    ...(env.isProduction ? [] : [mailboxRouter({ sql })]),
  ];
  app.use('/api', ...apiRouters, apiNotFound);

  // An expert's page carries the expert's own words and link-preview tags, as the date pages do theirs.
  app.use(
    servePwa(env.publicDir, {
      sourceMaps: !env.isProduction,
      pageText: expertPageText({ sql, publicOrigin: env.publicOrigin }),
      publicOrigin: env.publicOrigin,
      onRenderError: (urlPath, err) => logger.warn({ err, path: urlPath }, 'a date page was served with its words only: it could not be written whole'),
    }),
  );
  app.use(errorHandler(logger));
  return app;
}
