import compression from 'compression';
import express, { type Express, type RequestHandler, type Router } from 'express';
import type { Sql } from './db/client.ts';
import type { Env } from './env.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { requestLogger } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { servePwa } from './http/static-pwa.ts';
import type { Logger } from './logger.ts';
import { vapidKeysLoader } from './providers/push.ts';
import { accountsRouter } from './modules/accounts/router.ts';
import { analyticsRouter } from './modules/analytics/router.ts';
import { exercisesRouter } from './modules/exercises/router.ts';
import { healthRouter } from './modules/health/router.ts';
import { mailboxRouter } from './modules/mail/router.ts';
import { remindersRouter } from './modules/reminders/router.ts';
import { PUSH_BODY_LIMIT, syncRouter } from './modules/sync/router.ts';

export interface AppDeps {
  readonly env: Env;
  readonly sql: Sql;
  readonly logger: Logger;
}

/** Largest JSON body any endpoint accepts. */
export const JSON_BODY_LIMIT = '100kb';

/** API answers are personal and live: no cache may keep them. */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** The HTTP application, not listening: `index.ts` serves it, tests drive it on a free port. */
export function createApp({ env, sql, logger }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETag on answers sent with res.json/res.send: API answers are `no-store`, so a hash of
  // every body (a sync page included) would be computed and never used. The PWA's files keep
  // theirs: express.static and res.sendFile make their own.
  app.disable('etag');

  app.use(requestLogger(logger));
  app.use(securityHeaders(env));
  app.use(compression());

  // A sync push carries a device's queued writes: its own, larger limit, parsed before the generic one.
  app.use('/api/sync/push', express.json({ limit: PUSH_BODY_LIMIT }));
  app.use('/api', noStore, express.json({ limit: JSON_BODY_LIMIT }));
  // One router per domain, each declaring its own paths under /api. New domains join this list.
  const apiRouters: Router[] = [
    healthRouter({ sql }),
    syncRouter({ sql }),
    exercisesRouter({ sql }),
    accountsRouter({ sql, env }),
    analyticsRouter({ sql, limits: env.rateLimits }),
    remindersRouter({
      sql,
      vapidKeys: vapidKeysLoader(sql, env.push),
      endpoints: { allowLoopback: env.push.allowLoopbackEndpoints },
    }),
    // The local mailbox lists everyone's mail: never in production.
    ...(env.isProduction ? [] : [mailboxRouter({ sql })]),
  ];
  app.use('/api', ...apiRouters, apiNotFound);

  app.use(servePwa(env.publicDir, { sourceMaps: !env.isProduction }));
  app.use(errorHandler(logger));
  return app;
}
