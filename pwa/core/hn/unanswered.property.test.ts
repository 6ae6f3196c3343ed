import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVisible, unansweredComments, unansweredRepliesToAuthor, type HnComment, type HnThread } from './unanswered';

const AUTHOR = 'op';

/** A tree's shape and people, before ids are handed out. */
interface Shape {
  readonly by: string | null;
  readonly time: number;
  readonly dead: boolean;
  readonly replies: readonly Shape[];
}

/** Trees up to `levels` deep, each comment with up to three replies. */
const shape: (levels: number) => fc.Arbitrary<Shape> = fc.memo((levels) =>
  fc.record({
    by: fc.constantFrom<string | null>(AUTHOR, 'ada', 'bob', 'cy', null),
    time: fc.integer({ min: 0, max: 50 }),
    dead: fc.integer({ min: 0, max: 6 }).map((roll) => roll === 0),
    replies: levels <= 1 ? fc.constant([]) : fc.array(shape(levels - 1), { maxLength: 3 }),
  }),
);

/** Gives every comment a unique id in the order met; a comment without a name is a deleted one. */
function build(shapes: readonly Shape[]): HnThread {
  let next = 10;
  const toComment = (node: Shape): HnComment => {
    next += 1;
    const id = next;
    return { id, by: node.by, time: node.time, text: '', deleted: node.by === null, dead: node.dead, replies: node.replies.map(toComment) };
  };
  return { postId: 1, author: AUTHOR, comments: shapes.map(toComment) };
}

const threads = fc.array(shape(6), { maxLength: 8 }).map(build);

/** The rule read literally, recursively (the trees here are shallow): someone below is the author. */
function authorBelow(comment: HnComment): boolean {
  return comment.replies.some((reply) => reply.by === AUTHOR || authorBelow(reply));
}

function everyComment(thread: HnThread): { comment: HnComment; parent: HnComment | null; depth: number }[] {
  const all: { comment: HnComment; parent: HnComment | null; depth: number }[] = [];
  const visit = (comment: HnComment, parent: HnComment | null, depth: number) => {
    all.push({ comment, parent, depth });
    for (const reply of comment.replies) visit(reply, comment, depth + 1);
  };
  for (const comment of thread.comments) visit(comment, null, 1);
  return all;
}

const isOrdered = (list: { comment: HnComment }[]) =>
  list.every((item, index) => {
    const before = list[index - 1]?.comment;
    return before === undefined || before.time < item.comment.time || (before.time === item.comment.time && before.id < item.comment.id);
  });

describe('properties of the unanswered rule', () => {
  it('lists exactly the visible top-level comments of others with no reply of the author below them, oldest first', () => {
    fc.assert(
      fc.property(threads, (thread) => {
        const listed = unansweredComments(thread);
        const expected = thread.comments.filter((comment) => isVisible(comment) && comment.by !== AUTHOR && !authorBelow(comment));
        expect(new Set(listed.map(({ comment }) => comment))).toEqual(new Set(expected));
        expect(listed).toHaveLength(expected.length);
        expect(isOrdered(listed)).toBe(true);
      }),
    );
  });

  it('drops a listed comment, and only it, once the author replies anywhere below it', () => {
    fc.assert(
      fc.property(threads, fc.nat(), fc.nat(), (thread, pickComment, pickPlace) => {
        const before = unansweredComments(thread);
        const target = before[pickComment % Math.max(before.length, 1)]?.comment;
        fc.pre(target !== undefined);
        // Somewhere in the target's subtree (the target itself included) gains a reply of the author.
        const places: HnComment[] = [];
        const collect = (comment: HnComment) => {
          places.push(comment);
          comment.replies.forEach(collect);
        };
        collect(target);
        const place = places[pickPlace % places.length];
        const answer: HnComment = { id: 1_000_000, by: AUTHOR, time: 60, text: '', deleted: false, dead: false, replies: [] };
        const withAnswer = (comment: HnComment): HnComment =>
          comment === place ? { ...comment, replies: [...comment.replies, answer] } : { ...comment, replies: comment.replies.map(withAnswer) };
        const after = unansweredComments({ ...thread, comments: thread.comments.map(withAnswer) });
        expect(after.map(({ comment }) => comment.id)).toEqual(before.map(({ comment }) => comment.id).filter((id) => id !== target.id));
      }),
    );
  });

  it('Pro: lists exactly the visible replies of others to the author’s comments that the author has not answered below', () => {
    fc.assert(
      fc.property(threads, (thread) => {
        const listed = unansweredRepliesToAuthor(thread);
        const expected = everyComment(thread).filter(
          ({ comment, parent, depth }) => depth > 1 && parent?.by === AUTHOR && isVisible(comment) && comment.by !== AUTHOR && !authorBelow(comment),
        );
        expect(listed.map(({ comment, parentId, depth }) => [comment.id, parentId, depth]).sort()).toEqual(
          expected.map(({ comment, parent, depth }) => [comment.id, parent?.id, depth]).sort(),
        );
        expect(isOrdered(listed)).toBe(true);
      }),
    );
  });
});
