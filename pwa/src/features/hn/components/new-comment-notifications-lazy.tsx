import { Suspense } from 'react';
import { lazyRetrying } from '../../../lib/lazy-retrying';

/**
 * The switch's code (its machine, XState, the push helpers) loads once a person has a tracker to
 * be notified about, and stays out of what the app shell must know of: the route table's preload
 * list, part of every first visit's download, only names the tracker page's own chunks.
 */
const Switch = lazyRetrying(async () => (await import('./new-comment-notifications')).NewCommentNotifications);

export function NewCommentNotificationsLazy() {
  return (
    <Suspense fallback={null}>
      <Switch />
    </Suspense>
  );
}
