import { useSyncExternalStore } from 'react';

/** How many pages' code is being fetched right now. */
let pending = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Counts a page's code as loading until `load` settles. React starts the load while it renders,
 * so listeners hear of it a moment later, never in the middle of that render.
 */
export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  pending += 1;
  queueMicrotask(notify);
  return load.finally(() => {
    pending -= 1;
    notify();
  });
}

/** Whether the next page's code is still loading. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(subscribe, () => pending > 0, () => false);
}
