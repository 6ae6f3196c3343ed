import type { HnItem } from '#core/schemas/hn';
import { TRACKER_ERROR_MESSAGES } from '#core/hn/messages';
import { storyProblem } from '#core/hn/story';
import { sampleGapMs } from '#core/hn/watch-schedule';
import { unansweredComments, unansweredRepliesToAuthor, type HnThread, type WaitingComment } from '#core/hn/unanswered';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { HnFetchError, type HnClient } from '../../providers/hacker-news.ts';
import { readItems, writeItems } from './item-repo.ts';
import { cleanItem } from './sanitize.ts';
import { addStorySample, readThreadSummary, saveThreadSummary } from './thread-repo.ts';
import { walkComments, WalkFailed } from './thread-walk.ts';

/**
 * A post's whole thread, read through the cache. How old a cached item may be:
 * - the story (its score, count and list of top-level comments): `storyMaxAgeMs`, so a page
 *   opened twice within it asks the site nothing the second time;
 * - a comment (its list of replies): `commentMaxAgeMs`; but while the story's comment count is
 *   what it was at the last complete read, nothing was added, and comments up to
 *   `unchangedCommentMaxAgeMs` old are used as they are.
 * Two requests for the same post at once share one read.
 */

export interface CachePolicy {
  readonly storyMaxAgeMs: number;
  readonly commentMaxAgeMs: number;
  readonly unchangedCommentMaxAgeMs: number;
}

export const DEFAULT_CACHE_POLICY: CachePolicy = { storyMaxAgeMs: 60_000, commentMaxAgeMs: 60_000, unchangedCommentMaxAgeMs: 10 * 60_000 };

/** A story the tracker can show: live, with its author and title. */
export type LiveStory = HnItem & { readonly by: string; readonly title: string };

export interface LoadedThread {
  readonly story: LiveStory;
  readonly thread: HnThread;
  readonly unanswered: WaitingComment[];
  readonly repliesToAuthor: WaitingComment[];
  /** When the oldest item used was read from the site (ms). */
  readonly checkedAt: number;
}

export interface ThreadLoaderDeps {
  readonly sql: Sql;
  readonly client: HnClient;
  readonly clock?: () => number;
  readonly policy?: CachePolicy;
}

export interface ThreadLoader {
  /** The post's thread; throws the story's ApiError (STORY_NOT_FOUND, …) or HN_UNAVAILABLE. */
  load(postId: number): Promise<LoadedThread>;
}

const unavailable = (cause: unknown) => new ApiError('HN_UNAVAILABLE', TRACKER_ERROR_MESSAGES.HN_UNAVAILABLE, { cause });

function liveStory(item: HnItem | null): LiveStory {
  const problem = storyProblem(item);
  if (problem !== null) throw new ApiError(problem, TRACKER_ERROR_MESSAGES[problem]);
  const story = item as HnItem;
  return { ...story, by: story.by ?? '', title: story.title ?? '' };
}

export function createThreadLoader({ sql, client, clock = Date.now, policy = DEFAULT_CACHE_POLICY }: ThreadLoaderDeps): ThreadLoader {
  const inFlight = new Map<number, Promise<LoadedThread>>();

  /** The story, fresh enough; a stale copy when the site fails and one is cached. */
  async function readStory(postId: number): Promise<{ item: HnItem | null; fetchedAt: number }> {
    const cached = (await readItems(sql, [postId])).get(postId);
    if (cached !== undefined && clock() - cached.fetchedAt <= policy.storyMaxAgeMs) return cached;
    let item: HnItem | null;
    try {
      const read = await client.item(postId);
      item = read === null ? null : cleanItem(read);
    } catch (error) {
      if (!(error instanceof HnFetchError)) throw error;
      if (cached !== undefined) return cached;
      throw unavailable(error);
    }
    const fetchedAt = clock();
    await writeItems(sql, [{ id: postId, item }], fetchedAt);
    const gapMs = item === null || storyProblem(item) !== null ? null : sampleGapMs((item.time ?? 0) * 1000, fetchedAt);
    if (item !== null && gapMs !== null) await addStorySample(sql, postId, fetchedAt, gapMs, { score: item.score ?? 0, commentCount: item.descendants ?? 0 });
    return { item, fetchedAt };
  }

  async function load(postId: number): Promise<LoadedThread> {
    const { item, fetchedAt } = await readStory(postId);
    const story = liveStory(item);
    const last = await readThreadSummary(sql, postId);
    const unchanged = last !== null && last.commentCount === (story.descendants ?? 0);
    const maxAgeMs = unchanged ? policy.unchangedCommentMaxAgeMs : policy.commentMaxAgeMs;
    const walked = await walkComments({ sql, client, clock }, story, fetchedAt, maxAgeMs).catch((error: unknown) => {
      throw error instanceof WalkFailed ? unavailable(error) : error;
    });
    const thread: HnThread = { postId, author: story.by, comments: walked.comments };
    const unanswered = unansweredComments(thread);
    const repliesToAuthor = unansweredRepliesToAuthor(thread);
    await saveThreadSummary(sql, {
      storyId: postId,
      title: story.title,
      author: story.by,
      score: story.score ?? 0,
      commentCount: story.descendants ?? 0,
      unansweredCount: unanswered.length,
      repliesToAuthorCount: repliesToAuthor.length,
      walkedAt: walked.oldestFetchedAt,
    });
    return { story, thread, unanswered, repliesToAuthor, checkedAt: walked.oldestFetchedAt };
  }

  return {
    load(postId) {
      const shared = inFlight.get(postId);
      if (shared !== undefined) return shared;
      const loading = load(postId).finally(() => inFlight.delete(postId));
      inFlight.set(postId, loading);
      return loading;
    },
  };
}
