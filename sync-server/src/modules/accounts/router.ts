import { Router, type RequestHandler } from 'express';
import { googleSignInRequestSchema, localSignInRequestSchema } from '#core/schemas/auth';
import type { PlanState, RefreshUserReply } from '#core/schemas/billing';
import type { Sql } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { takeHits, type RateLimit } from '../../http/rate-limit.ts';
import { parseBody } from '../../http/validate.ts';
import { createGoogleIdTokenVerifier } from '../../providers/google-identity.ts';
import { requireUser, sessionOf } from './require-user.ts';
import {
  newNonce,
  refreshUser,
  signInConfig,
  signInLocally,
  signInWithGoogle,
  signOut,
  type AccountsDeps,
} from './service.ts';

export interface AccountsRouterDeps {
  readonly sql: Sql;
  readonly env: Pick<Env, 'signIn' | 'rateLimits'>;
  /** The person's paid plan, answered with `refreshUser` (from the billing module). */
  readonly planOf: (userId: string) => Promise<PlanState>;
}

const SIGN_IN_WINDOW_SECONDS = 15 * 60;
const TOO_MANY = 'Too many sign-ins';

/**
 * Sign-in, session refresh and sign-out. `newGoogleSignIn`, `googleSignin` and `refreshUser`
 * keep the names and shapes of the app's first version; the rest live under /auth.
 */
export function accountsRouter({ sql, env, planOf }: AccountsRouterDeps): Router {
  const { signIn } = env;
  const deps: AccountsDeps = {
    sql,
    signIn,
    verifyGoogleIdToken:
      signIn.mode === 'google'
        ? createGoogleIdTokenVerifier({ clientId: signIn.googleClientId, jwksUrl: signIn.googleJwksUrl })
        : null,
  };
  const perClient: RateLimit = { name: 'sign-in-client', max: env.rateLimits.signInPerClient, windowSeconds: SIGN_IN_WINDOW_SECONDS };
  const perEmail: RateLimit = { name: 'sign-in-email', max: env.rateLimits.signInPerEmail, windowSeconds: SIGN_IN_WINDOW_SECONDS };
  /** Every sign-in attempt counts against the address it comes from, valid or not. */
  const limitClient: RequestHandler = async (req, _res, next) => {
    await takeHits(sql, perClient, req.ip ?? 'unknown', TOO_MANY);
    next();
  };
  const router = Router();

  router.get('/auth/config', (_req, res) => {
    res.json(signInConfig(deps));
  });

  router.get('/auth/nonce', async (_req, res) => {
    res.json(await newNonce(deps));
  });

  router.post('/auth/local', limitClient, async (req, res) => {
    const request = parseBody(localSignInRequestSchema, req);
    await takeHits(sql, perEmail, request.email.toLowerCase(), `${TOO_MANY} as ${request.email}`);
    res.json(await signInLocally(deps, request));
  });

  router.post(['/newGoogleSignIn', '/googleSignin'], limitClient, async (req, res) => {
    res.json(await signInWithGoogle(deps, parseBody(googleSignInRequestSchema, req)));
  });

  // The first version's clients read a 400 with message INVALID_TOKEN as "signed out".
  const refresh: RequestHandler = async (_req, res) => {
    const { userId } = sessionOf(res);
    const reply: RefreshUserReply = { ...(await refreshUser(sql, userId)), plan: await planOf(userId) };
    res.json(reply);
  };
  router.get('/refreshUser', requireUser(sql, { invalidStatus: 400 }), refresh);
  router.post('/refreshUser', requireUser(sql, { invalidStatus: 400 }), refresh);

  router.post('/auth/logout', requireUser(sql), async (_req, res) => {
    await signOut(sql, sessionOf(res).sessionId);
    res.status(204).end();
  });

  return router;
}
