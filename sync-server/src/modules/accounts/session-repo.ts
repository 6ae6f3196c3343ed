import type { Queryable, Sql } from '../../db/client.ts';
import { hashSessionToken, newSessionToken, SESSION_TTL_DAYS } from './session-token.ts';

export interface SessionUser {
  readonly userId: string;
  readonly sessionId: string;
}

/**
 * Live sessions one account may hold (each device or browser signed in is one); a new sign-in
 * beyond them ends the oldest.
 */
export const MAX_LIVE_SESSIONS = 20;

/** Starts a session for a user and returns its bearer token (shown once, stored hashed). */
export async function createSession(sql: Sql, userId: string): Promise<string> {
  const token = newSessionToken();
  await sql`
    with created as (
      insert into sessions (user_id, token_hash, expires_at)
      values (${userId}, ${hashSessionToken(token)}, now() + make_interval(days => ${SESSION_TTL_DAYS}))
      returning id
    )
    update sessions set revoked_at = now()
    where id in (
      select id from sessions
      where user_id = ${userId} and revoked_at is null and expires_at > now()
      order by created_at desc, id
      offset ${MAX_LIVE_SESSIONS - 1}
    )
    and id not in (select id from created)
  `;
  return token;
}

/** Deletes sessions that ended (expired, or revoked a day ago or more); returns how many went. */
export async function purgeEndedSessions(sql: Sql): Promise<number> {
  const result = await sql`
    delete from sessions where expires_at < now() or revoked_at < now() - interval '1 day'
  `;
  return result.count;
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
