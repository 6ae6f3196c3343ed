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

/** One point of the story's score and comment count over time (Pro's chart). */
export async function addStorySample(sql: Sql, storyId: number, sampledAt: number, score: number, commentCount: number): Promise<void> {
  await sql`
    insert into hn_story_samples (story_id, sampled_at, score, comment_count)
    values (${storyId}, ${new Date(sampledAt)}, ${score}, ${commentCount})
    on conflict do nothing`;
}
