import { REMINDER_NOTIFICATION_TAG, reminderPushSchema } from '#core/schemas/reminders';
import { paths } from '#core/paths';
import { sameOriginPath } from '../../lib/same-origin-path';

/**
 * What the service worker does with a reminder push, kept free of worker APIs so it can be
 * tested on its own: the notification to show, and where a tap leads.
 */

export interface ReminderNotification {
  readonly title: string;
  readonly body: string;
  readonly tag: string;
  readonly icon: string;
  readonly badge: string;
  readonly data: { readonly url: string };
}

const FALLBACK = {
  title: 'Time for your Memento',
  body: 'Two quiet minutes: today’s practice is still open.',
  url: paths.dashboard.href(),
};

/**
 * The notification for a push's text. A push must always show something (userVisibleOnly), so an
 * unreadable payload shows the usual reminder.
 */
export function reminderNotification(text: string | null): ReminderNotification {
  let parsed: unknown = null;
  try {
    parsed = text === null ? null : JSON.parse(text);
  } catch {
    parsed = null;
  }
  const push = reminderPushSchema.safeParse(parsed);
  const content = push.success ? push.data : FALLBACK;
  return {
    title: content.title,
    body: content.body,
    tag: REMINDER_NOTIFICATION_TAG,
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    data: { url: content.url },
  };
}

/** The absolute address a tap opens: the notification's path on this origin, else the dashboard. */
export function notificationTarget(data: unknown, origin: string): string {
  const path =
    typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? data.url : paths.dashboard.href();
  // Only a path of this app, checked after normalising ('/.//host' would become '//host').
  return new URL(sameOriginPath(path) ?? paths.dashboard.href(), origin).href;
}

export interface WindowLike {
  readonly url: string;
}

/**
 * Which open window a tap should bring forward: one already showing the target, else any window
 * of the app (it is then sent to the target), else none (a new window opens).
 */
export function pickWindow<W extends WindowLike>(windows: readonly W[], target: string): { window: W; navigate: boolean } | null {
  const origin = new URL(target).origin;
  const same = windows.filter((candidate) => new URL(candidate.url).origin === origin);
  const exact = same.find((candidate) => new URL(candidate.url).pathname === new URL(target).pathname);
  if (exact) return { window: exact, navigate: false };
  const first = same[0];
  return first ? { window: first, navigate: true } : null;
}
