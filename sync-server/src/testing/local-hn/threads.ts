import type { HnItem } from '#core/schemas/hn';

/**
 * Threads written for the tests, as the site's API would give their items: a story whose kids are
 * comments, each with kids of its own. Ids are handed out in order from the story's id, so a
 * test can name any item through the returned map.
 */

/** 2023-11-14, a Tuesday morning on the US east coast: the hour launches are posted. */
export const THREAD_EPOCH = 1_700_000_000;

export interface CommentSpec {
  /** Who wrote it; leave out for a deleted comment (the site drops the name). */
  readonly by?: string;
  readonly text?: string;
  /** Seconds after the story was posted. */
  readonly after?: number;
  readonly dead?: boolean;
  readonly deleted?: boolean;
  /** A name the test uses to find the comment's id. */
  readonly name?: string;
  readonly replies?: readonly CommentSpec[];
}

export interface StorySpec {
  readonly id: number;
  readonly by: string;
  readonly title: string;
  readonly url?: string;
  readonly text?: string;
  readonly score?: number;
  readonly dead?: boolean;
  readonly deleted?: boolean;
  readonly comments: readonly CommentSpec[];
}

export interface BuiltThread {
  readonly items: HnItem[];
  readonly story: HnItem;
  /** The ids of the comments given a `name`. */
  readonly ids: ReadonlyMap<string, number>;
}

/** The items of a story and its comments. A loop over a stack: test threads run thousands deep. */
export function buildThread(spec: StorySpec): BuiltThread {
  const items: HnItem[] = [];
  const ids = new Map<string, number>();
  let nextId = spec.id;
  let descendants = 0;
  const kidsOf = new Map<number, number[]>();
  const stack: { readonly comment: CommentSpec; readonly parent: number }[] = [...spec.comments].reverse().map((comment) => ({ comment, parent: spec.id }));
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { comment, parent } = next;
    nextId += 1;
    const id = nextId;
    descendants += 1;
    if (comment.name !== undefined) ids.set(comment.name, id);
    kidsOf.set(parent, [...(kidsOf.get(parent) ?? []), id]);
    const deleted = comment.deleted === true || comment.by === undefined;
    items.push({
      id,
      type: 'comment',
      parent,
      time: THREAD_EPOCH + (comment.after ?? descendants * 60),
      ...(deleted ? { deleted: true } : { by: comment.by, text: comment.text ?? `<p>Comment ${id} by ${comment.by}</p>` }),
      ...(comment.dead === true ? { dead: true } : {}),
    });
    for (const reply of [...(comment.replies ?? [])].reverse()) stack.push({ comment: reply, parent: id });
  }
  const withKids = items.map((item) => ({ ...item, ...(kidsOf.has(item.id) ? { kids: kidsOf.get(item.id) } : {}) }));
  const story: HnItem = {
    id: spec.id,
    type: 'story',
    time: THREAD_EPOCH,
    ...(spec.deleted === true ? { deleted: true } : { by: spec.by, title: spec.title }),
    ...(spec.url === undefined ? {} : { url: spec.url }),
    ...(spec.text === undefined ? {} : { text: spec.text }),
    ...(spec.dead === true ? { dead: true } : {}),
    score: spec.score ?? 42,
    descendants,
    ...(kidsOf.has(spec.id) ? { kids: kidsOf.get(spec.id) } : {}),
  };
  return { items: [story, ...withKids], story, ids };
}

export const FOUNDER = 'launchfounder';

/**
 * A launch thread with everything the rule meets: the founder answering at depths 2, 3 and 5, a
 * reply chain 40 deep, a wide comment with 30 replies, deleted and dead comments, and text with
 * script, event-handler and javascript: payloads.
 */
export function launchThread(id: number): BuiltThread {
  let chain: CommentSpec = { by: FOUNDER, name: 'deep-answer', after: 9_000 };
  for (let level = 39; level >= 1; level -= 1) chain = { by: level % 2 === 0 ? 'carol' : 'dan', after: 8_000 + level, replies: [chain] };
  return buildThread({
    id,
    by: FOUNDER,
    title: 'Show HN: Memento, a tiny launch tracker',
    url: 'https://memento.example/launch',
    text: '<p>We built this.<script>alert("post")</script></p>',
    score: 128,
    comments: [
      { name: 'waiting-first', by: 'alice', after: 60, text: '<p>How does it <i>work</i>? <a href="https://docs.example/x">docs</a></p>' },
      { name: 'answered-direct', by: 'bob', after: 120, replies: [{ by: FOUNDER, after: 180, name: 'founder-answer' }] },
      {
        name: 'answered-depth-3',
        by: 'carol',
        after: 240,
        replies: [{ by: 'dan', after: 300, replies: [{ by: FOUNDER, after: 360 }] }],
      },
      { name: 'answered-deep', by: 'erin', after: 420, replies: [chain] },
      {
        name: 'waiting-xss',
        by: 'mallory',
        after: 480,
        text: '<p onclick="alert(1)">Hi<script>alert(1)</script><img src=x onerror=alert(2)> <a href="javascript:alert(3)">click</a> <a href="data:text/html,x">d</a></p>',
      },
      { name: 'deleted-top', after: 540 },
      { name: 'dead-top', by: 'spammer', dead: true, after: 600 },
      { name: 'founder-top', by: FOUNDER, after: 660, replies: [{ name: 'question-to-founder', by: 'frank', after: 720 }] },
      {
        name: 'waiting-wide',
        by: 'grace',
        after: 780,
        replies: Array.from({ length: 30 }, (_unused, index) => ({ by: `reader${index}`, after: 800 + index })),
      },
      {
        name: 'answered-then-asked',
        by: 'heidi',
        after: 900,
        replies: [{ by: FOUNDER, after: 960, replies: [{ name: 'follow-up', by: 'heidi', after: 1_020 }] }],
      },
      { name: 'waiting-with-deleted-reply', by: 'ivan', after: 1_080, replies: [{ after: 1_140 }] },
    ],
  });
}

/**
 * A thread of `count` comments for the bench: 100 top-level comments, most with a few replies
 * three or four levels down, the founder answering every third one.
 */
export function bigThread(id: number, count: number): BuiltThread {
  const comments: CommentSpec[] = [];
  let left = count;
  for (let index = 0; left > 0; index += 1) {
    left -= 1;
    const replies: CommentSpec[] = [];
    const want = Math.min(left, 4);
    if (want > 0) {
      left -= want;
      let innermost: CommentSpec = { by: index % 3 === 0 ? FOUNDER : `reader${index}d`, after: 10 * index + 4 };
      for (let depth = 1; depth < want; depth += 1) innermost = { by: `reader${index}-${depth}`, after: 10 * index + 4 - depth, replies: [innermost] };
      replies.push(innermost);
    }
    comments.push({ by: `asker${index}`, after: 10 * index, replies });
  }
  return buildThread({ id, by: FOUNDER, title: `A thread of ${count} comments`, comments });
}
