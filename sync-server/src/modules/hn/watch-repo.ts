import type { Told } from '#core/hn/notify';
import type { Queryable } from '../../db/client.ts';

/** SQL of the watch job (0013): which posts are due for a check, and what each tracker's owner was told. */

/**
 * Puts posts that someone tracks but the job does not know yet on its list, due at once; at most
 * `limit` a pass, the rest the next one.
 */
export async function enrolTrackedPosts(db: Queryable, now: Date, limit: number): Promise<number> {
  const rows = await db`
    insert into hn_watch (story_id, due_at)
    select distinct t.item_id, ${now}::timestamptz from trackers t
    where not t.deleted and not exists (select 1 from hn_watch w where w.story_id = t.item_id)
    limit ${limit}
    on conflict (story_id) do nothing
    returning story_id`;
  return rows.length;
}

/**
 * Takes up to `limit` due posts for this instance until `claimUntil`, the longest overdue first.
 * Rows another instance is taking at this moment are skipped (SKIP LOCKED), and a post it holds
 * is not due for us until its claim runs out.
 */
export async function claimDuePosts(db: Queryable, now: Date, claimUntil: Date, limit: number): Promise<number[]> {
  const rows = await db<{ story_id: number }[]>`
    update hn_watch w set claimed_until = ${claimUntil}
    from (
      select story_id from hn_watch
      where due_at <= ${now} and (claimed_until is null or claimed_until <= ${now})
      order by due_at
      limit ${limit}
      for update skip locked
    ) due
    where w.story_id = due.story_id
    returning w.story_id`;
  return rows.map((row) => row.story_id);
}

/** Ends this instance's hold on a post with its next check (null: none), if the hold is still ours. */
export async function finishPost(db: Queryable, storyId: number, claimedUntil: Date, next: { dueAt: Date | null; checkedAt: Date }): Promise<void> {
  await db`
    update hn_watch set due_at = ${next.dueAt}, checked_at = ${next.checkedAt}, claimed_until = null
    where story_id = ${storyId} and claimed_until = ${claimedUntil}`;
}

/** Takes a post nobody tracks any more off the list (tracking it again puts it back). */
export async function forgetPost(db: Queryable, storyId: number, claimedUntil: Date): Promise<void> {
  await db`
    delete from hn_watch w
    where w.story_id = ${storyId} and w.claimed_until = ${claimedUntil}
      and not exists (select 1 from trackers t where t.item_id = w.story_id and not t.deleted)`;
}

/** A live tracker of the post, with its owner's plan and what they were told. */
export interface Watcher {
  readonly trackerId: string;
  readonly userId: string;
  readonly accountType: number;
  readonly told: Told;
}

export async function listWatchers(db: Queryable, storyId: number): Promise<Watcher[]> {
  const rows = await db<{ id: string; user_id: string; account_type: number; told_up_to: number | null; notified_at: Date | null }[]>`
    select t.id, t.user_id, u.account_type, n.told_up_to, n.notified_at
    from trackers t
    join users u on u.id = t.user_id
    left join hn_tracker_notices n on n.tracker_id = t.id
    where t.item_id = ${storyId} and not t.deleted
    order by t.id`;
  return rows.map((row) => ({
    trackerId: row.id,
    userId: row.user_id,
    accountType: row.account_type,
    told: { upToId: row.told_up_to, notifiedAt: row.notified_at?.getTime() ?? null },
  }));
}

/** The starting point of a tracker just added (or added again): told of everything up to `upToId`, never notified. */
export async function startTold(db: Queryable, trackerId: string, upToId: number): Promise<void> {
  await db`
    insert into hn_tracker_notices (tracker_id, told_up_to, notified_at) values (${trackerId}, ${upToId}, null)
    on conflict (tracker_id) do update set told_up_to = excluded.told_up_to, notified_at = null`;
}

/**
 * Moves what the tracker's owner was told from `before` to `after`, only if it still is `before`
 * (compare and set). False means another instance got there first: it sends, this one does not.
 */
export async function moveTold(db: Queryable, trackerId: string, before: Told, after: Told & { readonly upToId: number }): Promise<boolean> {
  const notifiedAt = after.notifiedAt === null ? null : new Date(after.notifiedAt);
  if (before.upToId === null) {
    const rows = await db`
      insert into hn_tracker_notices (tracker_id, told_up_to, notified_at)
      values (${trackerId}, ${after.upToId}, ${notifiedAt})
      on conflict (tracker_id) do nothing
      returning tracker_id`;
    return rows.length > 0;
  }
  const rows = await db`
    update hn_tracker_notices set told_up_to = ${after.upToId}, notified_at = ${notifiedAt}
    where tracker_id = ${trackerId} and told_up_to = ${before.upToId}
      and notified_at is not distinct from ${before.notifiedAt === null ? null : new Date(before.notifiedAt)}::timestamptz
    returning tracker_id`;
  return rows.length > 0;
}
