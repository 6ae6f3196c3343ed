import { describe, expect, it } from 'vitest';
import { notificationTarget, pickWindow, reminderNotification } from './reminder-push';

const ORIGIN = 'https://memento.test';

describe('reminderNotification', () => {
  it('shows the server’s reminder with one tag, so a second replaces the first', () => {
    const push = { kind: 'daily-reminder', title: 'Hi', body: 'Practice', day: '2025-06-10', url: '/dashboard' };
    expect(reminderNotification(JSON.stringify(push))).toMatchObject({
      title: 'Hi',
      body: 'Practice',
      tag: 'memento-daily-reminder',
      data: { url: '/dashboard' },
    });
  });

  it('still shows a reminder for an empty or unreadable push', () => {
    expect(reminderNotification(null).data.url).toBe('/dashboard');
    expect(reminderNotification('{oops').title).toBe('Time for your Memento');
  });
});

describe('notificationTarget', () => {
  it('opens the path on this origin, and the dashboard for anything else', () => {
    expect(notificationTarget({ url: '/dashboard' }, ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(notificationTarget({ url: 'https://evil.test/x' }, ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(notificationTarget({ url: '//evil.test/x' }, ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(notificationTarget({ url: '/.//evil.test/x' }, ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(notificationTarget({ url: '/hnitem/42?tab=new' }, ORIGIN)).toBe(`${ORIGIN}/hnitem/42?tab=new`);
    expect(notificationTarget(null, ORIGIN)).toBe(`${ORIGIN}/dashboard`);
  });
});

describe('pickWindow', () => {
  const target = `${ORIGIN}/dashboard`;
  it('focuses a window already on the dashboard', () => {
    const windows = [{ url: `${ORIGIN}/life` }, { url: `${ORIGIN}/dashboard` }];
    expect(pickWindow(windows, target)).toEqual({ window: windows[1], navigate: false });
  });
  it('sends another open window of the app to the dashboard', () => {
    const windows = [{ url: 'https://other.test/' }, { url: `${ORIGIN}/life` }];
    expect(pickWindow(windows, target)).toEqual({ window: windows[1], navigate: true });
  });
  it('opens a new window when none of the app is open', () => {
    expect(pickWindow([{ url: 'https://other.test/' }], target)).toBeNull();
  });
});
