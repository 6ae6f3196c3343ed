import { z } from 'zod';
import { paths } from '../paths';
import type { HnThread, WaitingComment } from './unanswered';

/**
 * When the person behind a tracker hears of new comments waiting for them, and what the
 * notification says. The server remembers per tracker the newest comment of the thread at the
 * moment the person was last told (or started tracking): the site numbers every item in the
 * order it was written, so a waiting comment with a higher id arrived since.
 */

/** What the server keeps per tracker. */
export interface Told {
  /** The newest comment id of the thread when last told; null before the first look. */
  readonly upToId: number | null;
  /** When the last notification went out (ms); null if none ever did. */
  readonly notifiedAt: number | null;
}

export type NoticeDecision =
  /**
   * The first look at the thread: what is there now is what the person saw when adding it (0
   * when it has no comment yet, so that the first one to come is new).
   */
  | { readonly action: 'baseline'; readonly upToId: number }
  | { readonly action: 'none' }
  /** New comments wait, but the last notification for this post is less than an interval old. */
  | { readonly action: 'later'; readonly count: number }
  | { readonly action: 'send'; readonly count: number; readonly upToId: number };

export interface NoticeInput {
  /** The comments waiting for the author that this person is shown (Pro sees deeper replies too). */
  readonly waiting: readonly WaitingComment[];
  /** `newestCommentId` of the thread as just read. */
  readonly newestId: number | null;
  readonly told: Told;
  /** The post's check interval at its present age (`checkIntervalMs`). */
  readonly intervalMs: number;
  readonly now: number;
}

/** The highest comment id anywhere in the thread (deleted and dead ones too); null when it has none. */
export function newestCommentId(thread: HnThread): number | null {
  let newest: number | null = null;
  const stack = [...thread.comments];
  for (let comment = stack.pop(); comment !== undefined; comment = stack.pop()) {
    if (newest === null || comment.id > newest) newest = comment.id;
    stack.push(...comment.replies);
  }
  return newest;
}

/** The waiting comments written since the person was last told; none before the first look. */
export function newSinceTold(waiting: readonly WaitingComment[], told: Told): WaitingComment[] {
  const { upToId } = told;
  if (upToId === null) return [];
  return waiting.filter(({ comment }) => comment.id > upToId);
}

/** At most one notification per post per check interval, counting everything new since the last. */
export function decideNotice({ waiting, newestId, told, intervalMs, now }: NoticeInput): NoticeDecision {
  if (told.upToId === null) return { action: 'baseline', upToId: newestId ?? 0 };
  const count = newSinceTold(waiting, told).length;
  if (count === 0) return { action: 'none' };
  if (told.notifiedAt !== null && now - told.notifiedAt < intervalMs) return { action: 'later', count };
  return { action: 'send', count, upToId: Math.max(told.upToId, newestId ?? told.upToId) };
}

/** The payload of a new-comments push, read by the service worker. */
export const hnCommentsPushSchema = z.object({
  kind: z.literal('hn-new-comments'),
  title: z.string().max(100),
  body: z.string().max(300),
  postId: z.int().positive(),
  count: z.int().positive(),
  /** The tracker's page for the post: where a tap leads. */
  url: z.string().startsWith('/'),
});
export type HnCommentsPush = z.infer<typeof hnCommentsPushSchema>;

/** One notification per post on a device: a newer one for the same post takes the older one's place. */
export const hnNotificationTag = (postId: number): string => `hn-new-comments-${String(postId)}`;

const TITLE_ROOM = 120;

function shortTitle(title: string): string {
  const trimmed = title.trim();
  return trimmed.length <= TITLE_ROOM ? trimmed : `${trimmed.slice(0, TITLE_ROOM - 1).trimEnd()}…`;
}

export function hnCommentsPush(post: { readonly id: number; readonly title: string }, count: number): HnCommentsPush {
  return {
    kind: 'hn-new-comments',
    title: count === 1 ? '1 new comment waits for you' : `${String(count)} new comments wait for you`,
    body: `On “${shortTitle(post.title)}”. Tap to see ${count === 1 ? 'it' : 'them'} and reply.`,
    postId: post.id,
    count,
    url: paths.hnItem.href(post.id),
  };
}
