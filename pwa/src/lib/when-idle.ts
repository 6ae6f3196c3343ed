/**
 * Runs `task` in a moment the browser has to spare (at the latest after `timeoutMs`), as a task of
 * its own: work that can wait (registering the service worker, sending analytics) then stays out
 * of the tasks that start the page, which a slow phone would feel as one long freeze. Where the
 * browser has no idle callbacks (Safari), the next task. Returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 2_000): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}
