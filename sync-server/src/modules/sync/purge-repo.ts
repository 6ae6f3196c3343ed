import type { TransactionSql } from '../../db/client.ts';

// Array parameters carry their element type: without it the driver guesses from the values.
// The statements of a push pass array literals instead (db/array-literal.ts): thousands of elements.
const OID = { uuid: 2950 } as const;

export interface PurgedHorizon {
  readonly userId: string;
  readonly horizon: number;
  readonly purged: number;
}

/**
 * Removes tombstones last changed before `cutoff` and raises each affected user's horizon to
 * the newest revision removed. Locks the users' revision rows first (in id order), so a push
 * of the same user waits and then sees the rows gone.
 */
export async function purgeTombstones(tx: TransactionSql, cutoff: Date): Promise<PurgedHorizon[]> {
  const users = await tx<{ user_id: string }[]>`
    select user_id from user_revisions where user_id in (
      select user_id from exercises where deleted and updated_at < ${cutoff}
      union select user_id from profiles where deleted and updated_at < ${cutoff}
      union select user_id from game_progress where deleted and updated_at < ${cutoff}
      union select user_id from hn_triage where deleted and updated_at < ${cutoff}
    ) order by user_id for update`;
  if (users.length === 0) return [];
  const ids = tx.array(
    users.map((row) => row.user_id),
    OID.uuid,
  );
  return tx<PurgedHorizon[]>`
    with gone_exercises as (
      delete from exercises where user_id = any(${ids}::uuid[]) and deleted and updated_at < ${cutoff} returning user_id, rev
    ), gone_profiles as (
      delete from profiles where user_id = any(${ids}::uuid[]) and deleted and updated_at < ${cutoff} returning user_id, rev
    ), gone_games as (
      delete from game_progress where user_id = any(${ids}::uuid[]) and deleted and updated_at < ${cutoff} returning user_id, rev
    ), gone_triage as (
      delete from hn_triage where user_id = any(${ids}::uuid[]) and deleted and updated_at < ${cutoff} returning user_id, rev
    ), gone as (
      select user_id, max(rev) as rev, count(*) as purged from (
        select * from gone_exercises union all select * from gone_profiles union all select * from gone_games
        union all select * from gone_triage
      ) as all_gone group by user_id
    )
    update user_revisions u set tombstone_horizon = greatest(u.tombstone_horizon, gone.rev)
    from gone where u.user_id = gone.user_id
    returning u.user_id as "userId", u.tombstone_horizon as horizon, gone.purged`;
}
