/**
 * Which comments of a launch post still wait for its author. A post's comments form a tree: the
 * top-level comments are the post's kids, each with its replies below. Threads on the site run
 * hundreds of levels deep, so every walk here is a loop over an explicit stack, not recursion.
 */

export interface HnComment {
  readonly id: number;
  /** The commenter; null once the comment is deleted (the site drops the name then). */
  readonly by: string | null;
  /** Seconds since the epoch, as the site gives it. */
  readonly time: number;
  /** HTML, already sanitised by the server. */
  readonly text: string;
  readonly deleted: boolean;
  /** Killed by flags or moderators: hidden on the site unless a reader asks to see it. */
  readonly dead: boolean;
  readonly replies: readonly HnComment[];
}

export interface HnThread {
  readonly postId: number;
  /** The post's author, whose answers count. */
  readonly author: string;
  /** The top-level comments. */
  readonly comments: readonly HnComment[];
}

/** A comment waiting for the author, with where it sits in the thread. */
export interface WaitingComment {
  readonly comment: HnComment;
  /** The post's id for a top-level comment, the comment it replies to otherwise. */
  readonly parentId: number;
  /** 1 for a top-level comment, 2 for a reply to one, and so on. */
  readonly depth: number;
}

/** A comment someone can read and answer: not deleted, not dead, with its author's name. */
export function isVisible(comment: HnComment): boolean {
  return !comment.deleted && !comment.dead && comment.by !== null;
}

interface Placed {
  readonly comment: HnComment;
  readonly parentId: number;
  readonly depth: number;
  /** The author of the comment this one replies to; null for a top-level comment. */
  readonly parentBy: string | null;
}

/** Every comment of the thread, each parent before its replies. */
function placeAll(thread: HnThread): Placed[] {
  const placed: Placed[] = [];
  const stack: Placed[] = thread.comments.map((comment) => ({ comment, parentId: thread.postId, depth: 1, parentBy: null }));
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    placed.push(next);
    const { comment, depth } = next;
    for (const reply of comment.replies) stack.push({ comment: reply, parentId: comment.id, depth: depth + 1, parentBy: comment.by });
  }
  return placed;
}

/**
 * The comments below which the author has written, at any depth. Computed once for the whole
 * tree, children before parents, so a 10,000-comment thread costs one pass and not one per comment.
 */
function answeredByAuthor(placed: readonly Placed[], author: string): Set<HnComment> {
  const answered = new Set<HnComment>();
  for (let index = placed.length - 1; index >= 0; index -= 1) {
    const { comment } = placed[index] as Placed;
    if (comment.replies.some((reply) => reply.by === author || answered.has(reply))) answered.add(comment);
  }
  return answered;
}

function oldestFirst(a: WaitingComment, b: WaitingComment): number {
  return a.comment.time - b.comment.time || a.comment.id - b.comment.id;
}

const waiting = ({ comment, parentId, depth }: Placed): WaitingComment => ({ comment, parentId, depth });

/**
 * The top-level comments the post's author has not answered, oldest first. A comment counts as
 * answered when any reply below it, at any depth, is the author's. The author's own comments,
 * deleted and dead ones are not waiting for anyone.
 */
export function unansweredComments(thread: HnThread): WaitingComment[] {
  const placed = placeAll(thread);
  const answered = answeredByAuthor(placed, thread.author);
  return placed
    .filter(({ comment, depth }) => depth === 1 && isVisible(comment) && comment.by !== thread.author && !answered.has(comment))
    .map(waiting)
    .sort(oldestFirst);
}

/**
 * Replies deeper down that are addressed to the author (they answer one of the author's
 * comments) and that the author has not answered in turn, at any depth below them; oldest first.
 * The top-level comments are left to `unansweredComments`.
 */
export function unansweredRepliesToAuthor(thread: HnThread): WaitingComment[] {
  const placed = placeAll(thread);
  const answered = answeredByAuthor(placed, thread.author);
  return placed
    .filter(
      ({ comment, depth, parentBy }) =>
        depth > 1 && parentBy === thread.author && isVisible(comment) && comment.by !== thread.author && !answered.has(comment),
    )
    .map(waiting)
    .sort(oldestFirst);
}

/** How many comments the thread holds, at every depth (deleted and dead ones included). */
export function countComments(thread: HnThread): number {
  return placeAll(thread).length;
}
