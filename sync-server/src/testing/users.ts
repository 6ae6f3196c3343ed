import type { Sql } from '../db/client.ts';
import { createSession } from '../modules/accounts/session-repo.ts';

export interface TestUser {
  readonly userId: string;
  readonly email: string;
  readonly token: string;
  /** `Authorization` header value for the user's session. */
  readonly authorization: string;
}

/** Inserts a person with a live session, as a sign-in would. */
export async function createTestUser(sql: Sql, email: string, accountType = 0): Promise<TestUser> {
  const rows = await sql<{ id: string }[]>`
    insert into users (email, first_name, account_type) values (${email}, ${email.split('@')[0] ?? ''}, ${accountType})
    returning id
  `;
  const userId = rows[0]?.id;
  if (userId === undefined) throw new Error('insert returned no user');
  const token = await createSession(sql, userId);
  return { userId, email, token, authorization: `Bearer ${token}` };
}
