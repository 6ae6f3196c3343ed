import type { Request, RequestHandler, Response } from 'express';
import type { Sql } from '../../db/client.ts';
import { findSessionUser, type SessionUser } from './session-repo.ts';
import { bearerToken, hashSessionToken } from './session-token.ts';

export interface RequireUserOptions {
  /**
   * The status of a missing, expired or revoked token. 401 for our own endpoints; the record
   * calls the app kept from its first version answer 400, as their clients expect.
   */
  readonly invalidStatus?: 400 | 401;
}

const LOCALS_KEY = 'sessionUser';

/** The answer to a request without a live session. */
export function rejectInvalidToken(res: Response, { invalidStatus = 401 }: RequireUserOptions = {}): void {
  if (invalidStatus === 401) res.setHeader('WWW-Authenticate', 'Bearer');
  res.status(invalidStatus).json({ error: 'INVALID_TOKEN', message: 'INVALID_TOKEN' });
}

/**
 * The SHA-256 of the request's bearer token, as sessions stores it, for a handler that checks
 * the session inside its own statement; null without a well-formed token. Answer a token that
 * turns out not to be live with `rejectInvalidToken`.
 */
export function sessionTokenHash(req: Request): Buffer | null {
  const token = bearerToken(req.header('authorization'));
  return token === null ? null : hashSessionToken(token);
}

/** Lets a request through only with a live session; the handler then reads it with `sessionOf(res)`. */
export function requireUser(sql: Sql, options: RequireUserOptions = {}): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.header('authorization'));
    const user = token === null ? null : await findSessionUser(sql, token);
    if (user === null) {
      rejectInvalidToken(res, options);
      return;
    }
    res.locals[LOCALS_KEY] = user;
    next();
  };
}

/** The signed-in user of a request that passed `requireUser`. */
export function sessionOf(res: Response): SessionUser {
  const user = res.locals[LOCALS_KEY] as SessionUser | undefined;
  if (user === undefined) throw new Error('sessionOf() needs requireUser() earlier in the chain');
  return user;
}
