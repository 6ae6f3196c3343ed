import { describe, expect, it } from 'vitest';
import { countComments, unansweredComments, unansweredRepliesToAuthor, type HnComment, type HnThread } from './unanswered';

const AUTHOR = 'founder';
let nextId = 100;

/** A comment posted `time` seconds after the post, with its replies. */
function comment(by: string | null, time: number, replies: HnComment[] = [], flags: Partial<Pick<HnComment, 'deleted' | 'dead'>> = {}): HnComment {
  nextId += 1;
  return { id: nextId, by, time: 1_700_000_000 + time, text: `<p>${by ?? 'gone'} at ${time}</p>`, deleted: false, dead: false, replies, ...flags };
}

const thread = (...comments: HnComment[]): HnThread => ({ postId: 1, author: AUTHOR, comments });
const ids = (list: { comment: HnComment }[]) => list.map((waiting) => waiting.comment.id);

describe('unansweredComments', () => {
  it('lists top-level comments without an answer from the author, and drops those with one', () => {
    const waiting = comment('ada', 10);
    const answered = comment('bob', 20, [comment(AUTHOR, 30)]);
    const answeredByOthers = comment('cy', 40, [comment('dee', 50), comment('eve', 60, [comment('ada', 70)])]);
    expect(ids(unansweredComments(thread(waiting, answered, answeredByOthers)))).toEqual([waiting.id, answeredByOthers.id]);
  });

  it('counts an answer from the author at any depth below the comment', () => {
    const deep = comment('ada', 10, [comment('bob', 20, [comment('cy', 30, [comment('dee', 40, [comment(AUTHOR, 50)])])])]);
    const shallowOnly = comment('eve', 15, [comment('bob', 25, [comment('cy', 35)])]);
    expect(ids(unansweredComments(thread(deep, shallowOnly)))).toEqual([shallowOnly.id]);
  });

  it('counts a dead answer of the author (the author did answer), not a deleted one (the site drops its name)', () => {
    const deadAnswer = comment('ada', 10, [comment(AUTHOR, 20, [], { dead: true })]);
    const deletedAnswer = comment('bob', 30, [comment(null, 40, [], { deleted: true })]);
    expect(ids(unansweredComments(thread(deadAnswer, deletedAnswer)))).toEqual([deletedAnswer.id]);
  });

  it('leaves out the author’s own, deleted and dead top-level comments', () => {
    const own = comment(AUTHOR, 10);
    const deleted = comment(null, 20, [], { deleted: true });
    const dead = comment('spam', 30, [], { dead: true });
    const kept = comment('ada', 40);
    expect(ids(unansweredComments(thread(own, deleted, dead, kept)))).toEqual([kept.id]);
  });

  it('lists the oldest first, and comments of the same second by id', () => {
    const late = comment('ada', 300);
    const early = comment('bob', 100);
    const sameSecondSecond = comment('cy', 200);
    const sameSecondFirst = { ...comment('dee', 200), id: sameSecondSecond.id - 50 };
    const listed = unansweredComments(thread(late, early, sameSecondSecond, sameSecondFirst));
    expect(ids(listed)).toEqual([early.id, sameSecondFirst.id, sameSecondSecond.id, late.id]);
    expect(listed.map(({ depth, parentId }) => [depth, parentId])).toEqual([[1, 1], [1, 1], [1, 1], [1, 1]]);
  });

  it('compares the author’s name exactly, as the site does', () => {
    const other = comment('ada', 10, [comment('Founder', 20)]);
    expect(ids(unansweredComments(thread(other)))).toEqual([other.id]);
  });

  it('walks a chain thousands of levels deep without running out of stack', () => {
    let chain = comment(AUTHOR, 100_000);
    for (let level = 0; level < 50_000; level += 1) chain = comment(level % 2 === 0 ? 'ada' : 'bob', 50_000 - level, [chain]);
    const deepThread = thread(chain, comment('cy', 1));
    expect(unansweredComments(deepThread).map((waiting) => waiting.comment.by)).toEqual(['cy']);
    expect(countComments(deepThread)).toBe(50_002);
  });
});

describe('unansweredRepliesToAuthor (Pro)', () => {
  it('lists replies to the author’s comments at any depth that the author has not answered', () => {
    const replyToAnswer = comment('bob', 30);
    const answeredReply = comment('cy', 40, [comment('dee', 50, [comment(AUTHOR, 60)])]);
    const authorsAnswer = comment(AUTHOR, 20, [replyToAnswer, answeredReply]);
    const deepReply = comment('eve', 90);
    const deepAnswer = comment(AUTHOR, 80, [deepReply]);
    const top = comment('ada', 10, [authorsAnswer, comment('fay', 70, [deepAnswer])]);
    const listed = unansweredRepliesToAuthor(thread(top));
    expect(ids(listed)).toEqual([replyToAnswer.id, deepReply.id]);
    expect(listed.map(({ parentId, depth }) => [parentId, depth])).toEqual([
      [authorsAnswer.id, 3],
      [deepAnswer.id, 4],
    ]);
  });

  it('counts replies under the author’s own top-level comment, and never the top-level comments themselves', () => {
    const question = comment('ada', 20);
    const own = comment(AUTHOR, 10, [question]);
    const topLevel = comment('bob', 5);
    expect(ids(unansweredRepliesToAuthor(thread(own, topLevel)))).toEqual([question.id]);
  });

  it('leaves out replies to other people, the author’s replies to self, and deleted or dead replies', () => {
    const toOthers = comment('cy', 30);
    const selfReply = comment(AUTHOR, 40);
    const dead = comment('spam', 50, [], { dead: true });
    const deleted = comment(null, 60, [], { deleted: true });
    const top = comment('ada', 10, [comment('bob', 20, [toOthers]), comment(AUTHOR, 25, [selfReply, dead, deleted])]);
    expect(unansweredRepliesToAuthor(thread(top))).toEqual([]);
  });
});
