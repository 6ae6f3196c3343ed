import type { Queryable, Sql } from '../../db/client.ts';
import { hashSessionToken, newSessionToken, SESSION_TTL_DAYS } from './session-token.ts';

export interface SessionUser {
  readonly userId: string;
  readonly sessionId: string;
}

/** Starts a session for a user and returns its bearer token (shown once, stored hashed). */
export async function createSession(sql: Sql, userId: string): Promise<string> {
  const token = newSessionToken();
  await sql`
    insert into sessions (user_id, token_hash, expires_at)
    values (${userId}, ${hashSessionToken(token)}, now() + make_interval(days => ${SESSION_TTL_DAYS}))
  `;
  return token;
}

/**
 * The live session (not revoked, not expired) holding this token hash: a statement to await, or
 * to nest in a larger one that checks the session in the same round trip.
 */
export function liveSession(db: Queryable, tokenHash: Buffer) {
  return db<{ user_id: string; id: string }[]>`
    select user_id, id from sessions
    where token_hash = ${tokenHash} and revoked_at is null and expires_at > now()
  `;
}

/** The user of a live session. */
export async function findSessionUser(sql: Sql, token: string): Promise<SessionUser | null> {
  const rows = await liveSession(sql, hashSessionToken(token));
  const row = rows[0];
  return row ? { userId: row.user_id, sessionId: row.id } : null;
}

export async function revokeSession(sql: Sql, sessionId: string): Promise<void> {
  await sql`update sessions set revoked_at = now() where id = ${sessionId} and revoked_at is null`;
}
