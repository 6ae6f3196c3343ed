import { describe, expect, it } from 'vitest';
import { paths } from '../paths';
import { decideNotice, hnCommentsPush, hnCommentsPushSchema, newestCommentId, newSinceTold, type NoticeInput } from './notify';
import { unansweredComments, type HnComment, type HnThread } from './unanswered';

const AUTHOR = 'founder';
const NOW = Date.parse('2026-03-02T15:00:00Z');
const INTERVAL = 2 * 60_000;

function comment(id: number, by: string | null, replies: HnComment[] = [], flags: Partial<Pick<HnComment, 'deleted' | 'dead'>> = {}): HnComment {
  return { id, by, time: 1_700_000_000 + id, text: `<p>${String(id)}</p>`, deleted: false, dead: false, replies, ...flags };
}

const thread = (...comments: HnComment[]): HnThread => ({ postId: 1, author: AUTHOR, comments });

function input(t: HnThread, told: NoticeInput['told'], now = NOW): NoticeInput {
  return { waiting: unansweredComments(t), newestId: newestCommentId(t), told, intervalMs: INTERVAL, now };
}

describe('newestCommentId', () => {
  it('finds the highest id at any depth, deleted and dead comments included', () => {
    expect(newestCommentId(thread(comment(10, 'ada', [comment(40, null, [], { deleted: true })]), comment(20, 'bob', [comment(30, 'cy', [comment(55, 'x', [], { dead: true })])])))).toBe(55);
    expect(newestCommentId(thread())).toBeNull();
  });
});

describe('newSinceTold', () => {
  const before = thread(comment(10, 'ada'), comment(20, 'bob'));
  const after = thread(comment(10, 'ada'), comment(20, 'bob'), comment(30, 'cy'), comment(35, 'dee', [comment(36, AUTHOR)]), comment(40, 'eve'));

  it('counts the waiting comments written after the newest one the person was told of', () => {
    const told = { upToId: newestCommentId(before), notifiedAt: null };
    expect(newSinceTold(unansweredComments(after), told).map((waiting) => waiting.comment.id)).toEqual([30, 40]);
  });

  it('leaves out new comments the author has answered already', () => {
    const told = { upToId: 20, notifiedAt: null };
    expect(newSinceTold(unansweredComments(after), told).map((waiting) => waiting.comment.id)).not.toContain(35);
  });

  it('counts nothing before the first look', () => {
    expect(newSinceTold(unansweredComments(after), { upToId: null, notifiedAt: null })).toEqual([]);
  });
});

describe('decideNotice', () => {
  it('takes the first look as the starting point and tells nothing', () => {
    const t = thread(comment(10, 'ada'), comment(20, 'bob', [comment(25, 'cy')]));
    expect(decideNotice(input(t, { upToId: null, notifiedAt: null }))).toEqual({ action: 'baseline', upToId: 25 });
  });

  it('takes a thread without comments as told up to nothing, so that its first comment is new', () => {
    const empty = decideNotice(input(thread(), { upToId: null, notifiedAt: null }));
    expect(empty).toEqual({ action: 'baseline', upToId: 0 });
    if (empty.action !== 'baseline') throw new Error('expected a baseline');
    expect(decideNotice(input(thread(comment(7, 'ada')), { upToId: empty.upToId, notifiedAt: null }))).toEqual({ action: 'send', count: 1, upToId: 7 });
  });

  it('sends one notification with the count when new comments wait, and then tells up to the newest comment', () => {
    const t = thread(comment(10, 'ada'), comment(30, 'cy'), comment(40, 'dee', [comment(45, 'eve')]));
    expect(decideNotice(input(t, { upToId: 20, notifiedAt: null }))).toEqual({ action: 'send', count: 2, upToId: 45 });
  });

  it('says nothing when nothing new waits', () => {
    const t = thread(comment(10, 'ada'), comment(30, 'cy', [comment(31, AUTHOR)]));
    expect(decideNotice(input(t, { upToId: 20, notifiedAt: null }))).toEqual({ action: 'none' });
  });

  it('holds new comments back within an interval of the last notification, and sends them once it has passed', () => {
    const t = thread(comment(30, 'cy'));
    const told = { upToId: 20, notifiedAt: NOW - INTERVAL + 1 };
    expect(decideNotice(input(t, told))).toEqual({ action: 'later', count: 1 });
    expect(decideNotice(input(t, told, NOW + 1))).toEqual({ action: 'send', count: 1, upToId: 30 });
  });

  it('tells of nothing twice: after a notification, the same comments are no longer new', () => {
    const t = thread(comment(30, 'cy'), comment(40, 'dee'));
    const sent = decideNotice(input(t, { upToId: 20, notifiedAt: null }));
    if (sent.action !== 'send') throw new Error(`expected a send, got ${sent.action}`);
    expect(decideNotice(input(t, { upToId: sent.upToId, notifiedAt: NOW }, NOW + 10 * INTERVAL))).toEqual({ action: 'none' });
  });
});

describe('hnCommentsPush', () => {
  it('names the post and the count, and leads to the tracker’s page for the post', () => {
    const push = hnCommentsPush({ id: 41_000_000, title: 'Show HN: Memento' }, 3);
    expect(hnCommentsPushSchema.parse(push)).toEqual({
      kind: 'hn-new-comments',
      title: '3 new comments wait for you',
      body: 'On “Show HN: Memento”. Tap to see them and reply.',
      postId: 41_000_000,
      count: 3,
      url: paths.hnItem.href(41_000_000),
    });
    expect(hnCommentsPush({ id: 5, title: 'Ask HN: x' }, 1).title).toBe('1 new comment waits for you');
  });

  it('shortens a very long title so the payload stays within its limits', () => {
    const push = hnCommentsPush({ id: 5, title: 'x'.repeat(500) }, 12);
    expect(hnCommentsPushSchema.safeParse(push).success).toBe(true);
    expect(push.body).toContain('…');
  });
});
