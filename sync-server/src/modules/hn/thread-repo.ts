import type { StorySample } from '#core/schemas/hn';
import type { Sql } from '../../db/client.ts';

/** A thread's figures after a complete read: what the tracker list shows. */
export interface ThreadSummary {
  readonly storyId: number;
  readonly title: string;
  readonly author: string;
  readonly score: number;
  readonly commentCount: number;
  readonly unansweredCount: number;
  readonly repliesToAuthorCount: number;
  /** ms since the epoch. */
  readonly walkedAt: number;
}

export async function readThreadSummary(sql: Sql, storyId: number): Promise<ThreadSummary | null> {
  const [row] = await sql<
    { title: string; author: string; score: number; comment_count: number; unanswered_count: number; replies_to_author_count: number; walked_at: Date }[]
  >`select title, author, score, comment_count, unanswered_count, replies_to_author_count, walked_at from hn_threads where story_id = ${storyId}`;
  return row === undefined
    ? null
    : {
        storyId,
        title: row.title,
        author: row.author,
        score: row.score,
        commentCount: row.comment_count,
        unansweredCount: row.unanswered_count,
        repliesToAuthorCount: row.replies_to_author_count,
        walkedAt: row.walked_at.getTime(),
      };
}

/** Keeps the newest summary: a slower walk finishing after a newer one does not overwrite it. */
export async function saveThreadSummary(sql: Sql, summary: ThreadSummary): Promise<void> {
  await sql`
    insert into hn_threads (story_id, title, author, score, comment_count, unanswered_count, replies_to_author_count, walked_at)
    values (${summary.storyId}, ${summary.title}, ${summary.author}, ${summary.score}, ${summary.commentCount},
            ${summary.unansweredCount}, ${summary.repliesToAuthorCount}, ${new Date(summary.walkedAt)})
    on conflict (story_id) do update set
      title = excluded.title, author = excluded.author, score = excluded.score, comment_count = excluded.comment_count,
      unanswered_count = excluded.unanswered_count, replies_to_author_count = excluded.replies_to_author_count,
      walked_at = excluded.walked_at
    where hn_threads.walked_at <= excluded.walked_at`;
}

/**
 * One point of the story's score and comment count over time (Pro's chart), unless the last one
 * is less than `gapMs` old: page views between the job's checks add nothing, which bounds the
 * points of a post (`sampleGapMs`).
 */
export async function addStorySample(sql: Sql, storyId: number, sampledAt: number, gapMs: number, figures: { score: number; commentCount: number }): Promise<void> {
  const at = new Date(sampledAt);
  await sql`
    insert into hn_story_samples (story_id, sampled_at, score, comment_count)
    select ${storyId}, ${at}::timestamptz, ${figures.score}, ${figures.commentCount}
    where not exists (
      select 1 from hn_story_samples
      where story_id = ${storyId} and sampled_at > ${new Date(sampledAt - gapMs)}::timestamptz and sampled_at <= ${at}::timestamptz
    )
    on conflict do nothing`;
}

/** The post's samples, oldest first. */
export async function readStorySamples(sql: Sql, storyId: number): Promise<StorySample[]> {
  const rows = await sql<{ sampled_at: Date; score: number; comment_count: number }[]>`
    select sampled_at, score, comment_count from hn_story_samples where story_id = ${storyId} order by sampled_at`;
  return rows.map((row) => ({ at: row.sampled_at.toISOString(), score: row.score, commentCount: row.comment_count }));
}

/** Forgets the samples of posts no live tracker follows: nobody can see their chart. */
export async function purgeUntrackedSamples(sql: Sql): Promise<number> {
  const result = await sql`
    delete from hn_story_samples s
    where not exists (select 1 from trackers t where t.item_id = s.story_id and not t.deleted)`;
  return result.count;
}
