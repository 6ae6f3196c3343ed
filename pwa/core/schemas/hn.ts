import { z } from 'zod';
import { TRACKER_LINK_MAX, parsePostId } from '../hn/link';

/**
 * The launch tracker's calls (specification section 7) and the site's item shape.
 *
 * - `GET /api/getTrackers` → `getTrackersResponseSchema` (`hnLinks`, the person's trackers, newest first).
 * - `POST /api/addNewTracker {hnLink}` → `addNewTrackerResponseSchema`; 201 when added, 200 when
 *   the post was tracked already. Errors: INVALID_TRACKER_LINK (400), NOT_A_STORY (400),
 *   TRACKER_LIMIT (403: the free plan's one tracker is taken; show the upgrade prompt),
 *   STORY_NOT_FOUND (404), STORY_DELETED / STORY_DEAD (410), HN_UNAVAILABLE (503).
 * - `POST /api/deleteTracker {id}` → `deleteTrackerResponseSchema`; deleting twice is fine.
 *   TRACKER_NOT_FOUND (404) when the id was never one of the person's trackers.
 * - `GET /api/getView/{id}` → `trackerViewSchema`; `{id}` is the tracker's `_id` or its post's id
 *   (what /hnitem/{id} carries). TRACKER_NOT_FOUND (404) unless the person tracks it; the story
 *   and site errors as above.
 * - Without a live session each answers 400 INVALID_TOKEN, as the first version's calls did.
 */

const postIdSchema = z.int().positive().max(Number.MAX_SAFE_INTEGER);
/** An instant as an ISO 8601 string in UTC (`2026-03-01T12:00:00.000Z`). */
const instantSchema = z.iso.datetime();

/** An item of the site's API (`item/{id}.json`): only the fields we read; every one may be absent. */
export const hnItemSchema = z.object({
  id: postIdSchema,
  type: z.string().max(20).optional(),
  by: z.string().max(100).optional(),
  /** Seconds since the epoch. */
  time: z.int().nonnegative().optional(),
  /** HTML. */
  text: z.string().optional(),
  url: z.string().optional(),
  title: z.string().optional(),
  score: z.int().optional(),
  /** All comments below a story, at every depth. */
  descendants: z.int().nonnegative().optional(),
  parent: postIdSchema.optional(),
  kids: z.array(postIdSchema).optional(),
  deleted: z.boolean().optional(),
  dead: z.boolean().optional(),
});
export type HnItem = z.infer<typeof hnItemSchema>;

/** A tracker as the list shows it. Counts and times are null until the thread was first read. */
export const trackerListItemSchema = z.object({
  _id: z.uuid(),
  /** The post's address on the site (`https://news.ycombinator.com/item?id=…`). */
  link: z.string(),
  postId: postIdSchema,
  title: z.string(),
  score: z.int().nullable(),
  /** All comments of the post, at every depth. */
  commentCount: z.int().nonnegative().nullable(),
  /** Top-level comments the author has not answered (see `unansweredComments`). */
  unansweredCount: z.int().nonnegative().nullable(),
  /** When the server last read the whole thread from the site. */
  lastChecked: instantSchema.nullable(),
});
export type TrackerListItem = z.infer<typeof trackerListItemSchema>;

export const getTrackersResponseSchema = z.object({ hnLinks: z.array(trackerListItemSchema) });
export type GetTrackersResponse = z.infer<typeof getTrackersResponseSchema>;

/** The link is checked with `parseTrackerLink` (INVALID_TRACKER_LINK with its message otherwise). */
export const addNewTrackerRequestSchema = z.object({ hnLink: z.string().max(TRACKER_LINK_MAX) });
export type AddNewTrackerRequest = z.infer<typeof addNewTrackerRequestSchema>;

export const addNewTrackerResponseSchema = z.object({
  item: trackerListItemSchema,
  /** False when the person already tracked this post: nothing was added. */
  created: z.boolean(),
});
export type AddNewTrackerResponse = z.infer<typeof addNewTrackerResponseSchema>;

/** A tracker named by its `_id`, or by its post's id (a number, or digits in a path). */
export type TrackerRef = { readonly trackerId: string } | { readonly postId: number };

const uuidSchema = z.uuid();

export const trackerRefSchema = z.union([z.string().max(64), postIdSchema]).transform((value, context): TrackerRef => {
  if (typeof value === 'number') return { postId: value };
  if (uuidSchema.safeParse(value).success) return { trackerId: value.toLowerCase() };
  const postId = parsePostId(value);
  if (postId !== null) return { postId };
  context.addIssue({ code: 'custom', message: 'Expected a tracker id or a post id' });
  return z.NEVER;
});

export const deleteTrackerRequestSchema = z.object({ id: trackerRefSchema });
export const deleteTrackerResponseSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });
export type DeleteTrackerResponse = z.infer<typeof deleteTrackerResponseSchema>;

export const getViewParamsSchema = z.object({ id: trackerRefSchema });

/** A comment waiting for the author's answer, ready to show. */
export const waitingCommentSchema = z.object({
  id: postIdSchema,
  by: z.string(),
  postedAt: instantSchema,
  /** Sanitised HTML: paragraphs, italics, links (http(s), opening in a new tab), code and pre. */
  text: z.string(),
  /** The site's reply form for this comment. */
  replyUrl: z.string(),
  /** The post's id for a top-level comment, else the comment it answers. */
  parentId: postIdSchema,
  /** 1 for a top-level comment. */
  depth: z.int().positive(),
});
export type WaitingCommentView = z.infer<typeof waitingCommentSchema>;

export const trackerPostSchema = z.object({
  id: postIdSchema,
  title: z.string(),
  by: z.string(),
  score: z.int(),
  commentCount: z.int().nonnegative(),
  postedAt: instantSchema,
  /** The launched page (http(s) only), null for a text post. */
  url: z.string().nullable(),
  /** Sanitised HTML of a text post ('' when none). */
  text: z.string(),
});
export type TrackerPost = z.infer<typeof trackerPostSchema>;

/** The post's score and comment count as the server read them at one moment. */
export const storySampleSchema = z.object({
  at: instantSchema,
  score: z.int(),
  commentCount: z.int().nonnegative(),
});
export type StorySample = z.infer<typeof storySampleSchema>;

/** `GET /api/getView/{id}`: the tracker ("item with link"), its post and what waits for an answer. */
export const trackerViewSchema = z.object({
  item: trackerListItemSchema,
  post: trackerPostSchema,
  /** Top-level comments the author has not answered, oldest first. */
  unanswered: z.array(waitingCommentSchema),
  /** Pro only (null on the free plan): deeper replies to the author's comments, not answered, oldest first. */
  repliesToAuthor: z.array(waitingCommentSchema).nullable(),
  /** When the thread was read from the site (it may be served from the server's cache up to a minute). */
  checkedAt: instantSchema,
  /**
   * Pro only (absent on the free plan, and from servers and device copies older than it): the
   * post's score and comment count over time, oldest first.
   */
  samples: z.array(storySampleSchema).optional(),
});
export type TrackerView = z.infer<typeof trackerViewSchema>;
