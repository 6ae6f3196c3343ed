import type { TrackerListItem, TrackerRef } from '#core/schemas/hn';
import type { Queryable, Sql, TransactionSql } from '../../db/client.ts';

/**
 * Trackers (0001): one row per person and post. Deleting leaves a tombstone (`deleted`, a new
 * revision), as every synced record does, so the devices' copies learn of it; adding the post
 * again brings the row back.
 */

export interface TrackerRow {
  readonly id: string;
  readonly postId: number;
  readonly deleted: boolean;
}

interface ListRow {
  id: string;
  item_id: number;
  link: string;
  title: string;
  score: number | null;
  comment_count: number | null;
  unanswered_count: number | null;
  walked_at: Date | null;
}

const toListItem = (row: ListRow): TrackerListItem => ({
  _id: row.id,
  link: row.link,
  postId: row.item_id,
  title: row.title,
  score: row.score,
  commentCount: row.comment_count,
  unansweredCount: row.unanswered_count,
  lastChecked: row.walked_at === null ? null : row.walked_at.toISOString(),
});

/** A person's live trackers with their threads' last figures, newest first. */
export async function listTrackers(db: Queryable, userId: string, only: string | null = null): Promise<TrackerListItem[]> {
  const rows = await db<ListRow[]>`
    select t.id, t.item_id, t.link, coalesce(th.title, t.title) as title,
           th.score, th.comment_count, th.unanswered_count, th.walked_at
    from trackers t left join hn_threads th on th.story_id = t.item_id
    where t.user_id = ${userId} and not t.deleted ${only === null ? db`` : db`and t.id = ${only}`}
    order by t.created_at desc, t.id`;
  return rows.map(toListItem);
}

/** The person's tracker named by `ref`, tombstones included; null when it was never theirs. */
export async function findTracker(db: Queryable, userId: string, ref: TrackerRef): Promise<TrackerRow | null> {
  const [row] = await db<{ id: string; item_id: number; deleted: boolean }[]>`
    select id, item_id, deleted from trackers
    where user_id = ${userId} and ${'trackerId' in ref ? db`id = ${ref.trackerId}` : db`item_id = ${ref.postId}`}`;
  return row === undefined ? null : { id: row.id, postId: row.item_id, deleted: row.deleted };
}

export async function countLiveTrackers(db: Queryable, userId: string): Promise<number> {
  const [row] = await db<{ count: number }[]>`select count(*) as count from trackers where user_id = ${userId} and not deleted`;
  return row?.count ?? 0;
}

export async function accountType(sql: Sql, userId: string): Promise<number> {
  const [row] = await sql<{ account_type: number }[]>`select account_type from users where id = ${userId}`;
  return row?.account_type ?? 0;
}

/** Adds the tracker, or brings its tombstone back, at revision `rev`; returns its id. */
export async function saveTracker(tx: TransactionSql, userId: string, post: { id: number; link: string; title: string }, rev: number): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into trackers (user_id, item_id, link, title, rev)
    values (${userId}, ${post.id}, ${post.link}, ${post.title}, ${rev})
    on conflict (user_id, item_id) do update set
      deleted = false, link = excluded.link, title = excluded.title, rev = excluded.rev,
      created_at = now(), updated_at = now()
    returning id`;
  if (row === undefined) throw new Error('saveTracker returned no row');
  return row.id;
}

export async function markTrackerDeleted(tx: TransactionSql, trackerId: string, rev: number): Promise<void> {
  await tx`update trackers set deleted = true, rev = ${rev}, updated_at = now() where id = ${trackerId} and not deleted`;
}
