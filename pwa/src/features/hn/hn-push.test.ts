import { describe, expect, it } from 'vitest';
import { hnCommentsPush } from '#core/hn/notify';
import { paths } from '#core/paths';
import { hnCommentsNotification } from './hn-push';

describe('hnCommentsNotification', () => {
  it('shows the server’s notice with the post’s tag and leads to the tracker’s page for the post', () => {
    const push = hnCommentsPush({ id: 41_000_000, title: 'Show HN: Memento' }, 2);
    expect(hnCommentsNotification(JSON.stringify(push))).toEqual({
      title: '2 new comments wait for you',
      body: 'On “Show HN: Memento”. Tap to see them and reply.',
      tag: 'hn-new-comments-41000000',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: paths.hnItem.href(41_000_000) },
    });
  });

  it('gives each post its own notification, and the same post the same one', () => {
    const tag = (id: number, count: number) => hnCommentsNotification(JSON.stringify(hnCommentsPush({ id, title: 't' }, count)))?.tag;
    expect(tag(1, 1)).toBe(tag(1, 3));
    expect(tag(1, 1)).not.toBe(tag(2, 1));
  });

  it('leaves any other push to the reminders: a reminder, an unreadable or an empty one', () => {
    const reminder = { kind: 'daily-reminder', title: 'Hi', body: 'Practice', day: '2025-06-10', url: '/dashboard' };
    expect(hnCommentsNotification(JSON.stringify(reminder))).toBeNull();
    expect(hnCommentsNotification('{oops')).toBeNull();
    expect(hnCommentsNotification(null)).toBeNull();
    expect(hnCommentsNotification(JSON.stringify({ kind: 'hn-new-comments', title: 'x' }))).toBeNull();
  });
});
