import { hnCommentsPushSchema, hnNotificationTag } from '#core/hn/notify';

/**
 * What the service worker shows for a new-comments push from the watch job, kept free of worker
 * APIs so it can be tested on its own. A tap opens the tracker's page for the post (the worker's
 * click handler follows `data.url`, as it does for reminders).
 */

export interface HnCommentsNotification {
  readonly title: string;
  readonly body: string;
  /** One per post: a newer notice for the same post takes the older one's place. */
  readonly tag: string;
  readonly icon: string;
  readonly badge: string;
  readonly data: { readonly url: string };
}

/** The notification for a push's text, or null when the push is not a new-comments notice. */
export function hnCommentsNotification(text: string | null): HnCommentsNotification | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const push = hnCommentsPushSchema.safeParse(parsed);
  if (!push.success) return null;
  return {
    title: push.data.title,
    body: push.data.body,
    tag: hnNotificationTag(push.data.postId),
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    data: { url: push.data.url },
  };
}
