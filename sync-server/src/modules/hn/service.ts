import { hnReplyLink, parseTrackerLink } from '#core/hn/link';
import { newestCommentId } from '#core/hn/notify';
import { TRACKER_ERROR_MESSAGES } from '#core/hn/messages';
import type { WaitingComment } from '#core/hn/unanswered';
import { isPaid } from '#core/plans/account-type';
import { canAddTracker } from '#core/plans/limits';
import type { AddNewTrackerResponse, DeleteTrackerResponse, TrackerListItem, TrackerRef, TrackerView, WaitingCommentView } from '#core/schemas/hn';
import type { Sql } from '../../db/client.ts';
import { transact } from '../../db/transact.ts';
import { ApiError } from '../../http/api-error.ts';
import { LOCKED } from '../sync/record-writes.ts';
import { lockUserRevision, reserveRevisions } from '../sync/revision-repo.ts';
import { safeHttpUrl } from './sanitize.ts';
import type { ThreadLoader } from './thread-loader.ts';
import { readStorySamples } from './thread-repo.ts';
import { startTold } from './watch-repo.ts';
import { accountType, countLiveTrackers, findTracker, listTrackers, markTrackerDeleted, saveTracker } from './tracker-repo.ts';

/** The tracker calls: the list, adding (one tracker on the free plan), deleting and the view. */

export interface HnDeps {
  readonly sql: Sql;
  readonly threads: ThreadLoader;
}

const LIMIT_MESSAGE = TRACKER_ERROR_MESSAGES.TRACKER_LIMIT;
const NOT_TRACKED = TRACKER_ERROR_MESSAGES.TRACKER_NOT_FOUND;

const instant = (ms: number): string => new Date(ms).toISOString();

export function getTrackers(sql: Sql, userId: string): Promise<TrackerListItem[]> {
  return listTrackers(sql, userId);
}

/**
 * The tracker as the list shows it. Read after the thread has loaded, so the person may have
 * deleted it meanwhile (from another tab or device): it is then not tracked, as it would be for
 * a request that came a moment later.
 */
async function listItem(sql: Sql, userId: string, trackerId: string): Promise<TrackerListItem> {
  const [item] = await listTrackers(sql, userId, trackerId);
  if (item === undefined) throw new ApiError('TRACKER_NOT_FOUND', NOT_TRACKED);
  return item;
}

export async function addNewTracker({ sql, threads }: HnDeps, userId: string, hnLink: string): Promise<AddNewTrackerResponse> {
  const link = parseTrackerLink(hnLink);
  if (!link.ok) throw new ApiError('INVALID_TRACKER_LINK', link.message);
  const existing = await findTracker(sql, userId, { postId: link.postId });
  if (existing !== null && !existing.deleted) return { item: await listItem(sql, userId, existing.id), created: false };
  const type = await accountType(sql, userId);
  // Checked before asking the site (a refusal costs it nothing), and again under the lock.
  if (!canAddTracker(type, await countLiveTrackers(sql, userId))) throw new ApiError('TRACKER_LIMIT', LIMIT_MESSAGE);
  const loaded = await threads.load(link.postId);
  const { story } = loaded;
  const outcome = await transact(
    sql,
    async (tx) => {
      await lockUserRevision(tx, userId);
      const again = await findTracker(tx, userId, { postId: link.postId });
      if (again !== null && !again.deleted) return { id: again.id, created: false };
      if (!canAddTracker(type, await countLiveTrackers(tx, userId))) return null;
      const rev = await reserveRevisions(tx, userId, 1);
      return { id: await saveTracker(tx, userId, { id: link.postId, link: link.link, title: story.title }, rev), created: true };
    },
    LOCKED,
  );
  if (outcome === null) throw new ApiError('TRACKER_LIMIT', LIMIT_MESSAGE);
  // The comments there now are the ones the person sees on adding it: only later ones are news.
  if (outcome.created) await startTold(sql, outcome.id, newestCommentId(loaded.thread) ?? 0);
  return { item: await listItem(sql, userId, outcome.id), created: outcome.created };
}

export async function deleteTracker(sql: Sql, userId: string, ref: TrackerRef): Promise<DeleteTrackerResponse> {
  const id = await transact(
    sql,
    async (tx) => {
      await lockUserRevision(tx, userId);
      const tracker = await findTracker(tx, userId, ref);
      if (tracker === null) return null;
      if (!tracker.deleted) await markTrackerDeleted(tx, tracker.id, await reserveRevisions(tx, userId, 1));
      return tracker.id;
    },
    LOCKED,
  );
  if (id === null) throw new ApiError('TRACKER_NOT_FOUND', NOT_TRACKED);
  return { id, deleted: true };
}

function waitingView({ comment, parentId, depth }: WaitingComment, postId: number): WaitingCommentView {
  return {
    id: comment.id,
    by: comment.by ?? '',
    postedAt: instant(comment.time * 1000),
    text: comment.text,
    replyUrl: hnReplyLink(comment.id, postId),
    parentId,
    depth,
  };
}

export async function getView({ sql, threads }: HnDeps, userId: string, ref: TrackerRef): Promise<TrackerView> {
  const tracker = await findTracker(sql, userId, ref);
  if (tracker === null || tracker.deleted) throw new ApiError('TRACKER_NOT_FOUND', NOT_TRACKED);
  const [loaded, type] = await Promise.all([threads.load(tracker.postId), accountType(sql, userId)]);
  const { story } = loaded;
  const pro = isPaid(type);
  return {
    item: await listItem(sql, userId, tracker.id),
    post: {
      id: story.id,
      title: story.title,
      by: story.by,
      score: story.score ?? 0,
      commentCount: story.descendants ?? 0,
      postedAt: instant((story.time ?? 0) * 1000),
      url: safeHttpUrl(story.url),
      text: story.text ?? '',
    },
    unanswered: loaded.unanswered.map((waiting) => waitingView(waiting, story.id)),
    repliesToAuthor: pro ? loaded.repliesToAuthor.map((waiting) => waitingView(waiting, story.id)) : null,
    checkedAt: instant(loaded.checkedAt),
    // Pro's time series; the free plan's view has no such field.
    ...(pro ? { samples: await readStorySamples(sql, story.id) } : {}),
  };
}
