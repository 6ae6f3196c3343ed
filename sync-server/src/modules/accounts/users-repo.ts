import type { UserDetails } from '#core/schemas/auth';
import type { Sql, TransactionSql } from '../../db/client.ts';
import { transact } from '../../db/transact.ts';

interface UserRow {
  readonly id: string;
  readonly email: string;
  readonly first_name: string;
  readonly avatar_url: string | null;
  readonly account_type: number;
  readonly google_sub: string | null;
}

function detailsOf(row: UserRow): UserDetails {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    avatar_url: row.avatar_url ?? '',
    accountType: row.account_type,
  };
}

export async function findUserDetails(sql: Sql, userId: string): Promise<UserDetails | null> {
  const rows = await sql<UserRow[]>`
    select id, email, first_name, avatar_url, account_type, google_sub from users where id = ${userId}
  `;
  const row = rows[0];
  return row ? detailsOf(row) : null;
}

/**
 * The account of an e-mail address for local sign-in, created on first use; a non-empty name
 * replaces the stored one. Returns 'google-account' for an address that belongs to a Google
 * account: knowing someone's e-mail address must not open their Google-linked account.
 */
export async function upsertLocalUser(
  sql: Sql,
  email: string,
  firstName: string,
): Promise<UserDetails | 'google-account'> {
  const rows = await sql<UserRow[]>`
    insert into users (email, first_name) values (${email}, ${firstName})
    on conflict ((lower(email))) do update
      set first_name = case when excluded.first_name <> '' then excluded.first_name else users.first_name end,
          updated_at = now()
      where users.google_sub is null
    returning id, email, first_name, avatar_url, account_type, google_sub
  `;
  const row = rows[0];
  return row ? detailsOf(row) : 'google-account';
}

export interface GoogleProfile {
  readonly sub: string;
  readonly email: string;
  readonly givenName: string;
  readonly picture: string | null;
}

const RETURNING = 'id, email, first_name, avatar_url, account_type, google_sub';

async function updateFromGoogle(tx: TransactionSql, row: UserRow, profile: GoogleProfile): Promise<UserRow> {
  // The address may have moved to another account of ours meanwhile; then the old one stays.
  const taken = await tx`select 1 from users where lower(email) = lower(${profile.email}) and id <> ${row.id}`;
  const rows = await tx<UserRow[]>`
    update users set
      google_sub = ${profile.sub},
      email = ${taken.length === 0 ? profile.email : row.email},
      first_name = ${profile.givenName === '' ? row.first_name : profile.givenName},
      avatar_url = ${profile.picture ?? row.avatar_url},
      updated_at = now()
    where id = ${row.id}
    returning ${tx.unsafe(RETURNING)}
  `;
  const updated = rows[0];
  if (!updated) throw new Error('the user row vanished inside its transaction');
  return updated;
}

/**
 * The account of a Google identity, keyed by Google's `sub`. A first Google sign-in with the
 * (verified) address of an existing local account links that account, so nothing recorded
 * under local sign-in is lost, and ends every session that account had before. Returns 'email-linked-elsewhere' when the address belongs to an
 * account already linked to a different Google account.
 */
export function upsertGoogleUser(sql: Sql, profile: GoogleProfile): Promise<UserDetails | 'email-linked-elsewhere'> {
  return transact(sql, async (tx) => {
    const [bySub] = await tx<UserRow[]>`
      select ${tx.unsafe(RETURNING)} from users where google_sub = ${profile.sub} for update
    `;
    if (bySub) return detailsOf(await updateFromGoogle(tx, bySub, profile));

    const [byEmail] = await tx<UserRow[]>`
      select ${tx.unsafe(RETURNING)} from users where lower(email) = lower(${profile.email}) for update
    `;
    if (byEmail) {
      if (byEmail.google_sub !== null) return 'email-linked-elsewhere';
      // Anyone could have signed in locally with this address before the server moved to Google:
      // the sessions from then are not the Google account holder's, so linking ends them all.
      await tx`delete from sessions where user_id = ${byEmail.id}`;
      return detailsOf(await updateFromGoogle(tx, byEmail, profile));
    }

    const [created] = await tx<UserRow[]>`
      insert into users (google_sub, email, first_name, avatar_url)
      values (${profile.sub}, ${profile.email}, ${profile.givenName}, ${profile.picture})
      returning ${tx.unsafe(RETURNING)}
    `;
    if (!created) throw new Error('insert returned no user');
    return detailsOf(created);
  });
}
