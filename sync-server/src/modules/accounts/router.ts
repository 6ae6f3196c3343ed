import { Router, type RequestHandler } from 'express';
import { googleSignInRequestSchema, localSignInRequestSchema } from '#core/schemas/auth';
import type { Sql } from '../../db/client.ts';
import type { Env } from '../../env.ts';
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
  readonly env: Pick<Env, 'signIn'>;
}

/**
 * Sign-in, session refresh and sign-out. `newGoogleSignIn`, `googleSignin` and `refreshUser`
 * keep the names and shapes of the app's first version; the rest live under /auth.
 */
export function accountsRouter({ sql, env }: AccountsRouterDeps): Router {
  const { signIn } = env;
  const deps: AccountsDeps = {
    sql,
    signIn,
    verifyGoogleIdToken:
      signIn.mode === 'google'
        ? createGoogleIdTokenVerifier({ clientId: signIn.googleClientId, jwksUrl: signIn.googleJwksUrl })
        : null,
  };
  const router = Router();

  router.get('/auth/config', (_req, res) => {
    res.json(signInConfig(deps));
  });

  router.get('/auth/nonce', async (_req, res) => {
    res.json(await newNonce(deps));
  });

  router.post('/auth/local', async (req, res) => {
    res.json(await signInLocally(deps, parseBody(localSignInRequestSchema, req)));
  });

  router.post(['/newGoogleSignIn', '/googleSignin'], async (req, res) => {
    res.json(await signInWithGoogle(deps, parseBody(googleSignInRequestSchema, req)));
  });

  // The first version's clients read a 400 with message INVALID_TOKEN as "signed out".
  const refresh: RequestHandler = async (_req, res) => {
    res.json(await refreshUser(sql, sessionOf(res).userId));
  };
  router.get('/refreshUser', requireUser(sql, { invalidStatus: 400 }), refresh);
  router.post('/refreshUser', requireUser(sql, { invalidStatus: 400 }), refresh);

  router.post('/auth/logout', requireUser(sql), async (_req, res) => {
    await signOut(sql, sessionOf(res).sessionId);
    res.status(204).end();
  });

  return router;
}
