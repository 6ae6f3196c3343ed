import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '../../db/client.ts';

/** How long an issued nonce waits for its sign-in; Google's button flow takes seconds to minutes. */
export const NONCE_TTL_MINUTES = 10;

function hashNonce(nonce: string): Buffer {
  return createHash('sha256').update(nonce, 'utf8').digest();
}

/**
 * A new nonce (24 random bytes, base64url), stored hashed with its expiry. Expired nonces are
 * cleared on the way, so the table never holds more than about ten minutes' worth.
 */
export async function issueNonce(sql: Sql): Promise<string> {
  const nonce = randomBytes(24).toString('base64url');
  await sql`delete from auth_nonces where expires_at <= now()`;
  await sql`
    insert into auth_nonces (nonce_hash, expires_at)
    values (${hashNonce(nonce)}, now() + make_interval(mins => ${NONCE_TTL_MINUTES}))
  `;
  return nonce;
}

/** Uses a nonce up: true exactly once for an issued, unexpired nonce, false ever after. */
export async function consumeNonce(sql: Sql, nonce: string): Promise<boolean> {
  const rows = await sql`
    delete from auth_nonces where nonce_hash = ${hashNonce(nonce)} and expires_at > now() returning 1
  `;
  return rows.length === 1;
}
