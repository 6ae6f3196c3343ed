/**
 * Writes of many records in a row under way in this page, per database: a pull writing its pages
 * (sync/pull-changes.ts). A read of every record that a commit starts again (usePacedLiveQuery)
 * waits for them to end, up to a bound, instead of reading a half-written history after each
 * commit and taking the main thread from the writes: on a first sync of 10,000 records the
 * journal's reads and renders during the pull were about a third of the page's work.
 */

const running = new Map<string, number>();
const endings = new Map<string, Set<() => void>>();

/** Marks a bulk write of database `name` as under way; call the returned function once when it ends. */
export function startBulkWrite(name: string): () => void {
  running.set(name, (running.get(name) ?? 0) + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const left = (running.get(name) ?? 1) - 1;
    if (left > 0) {
      running.set(name, left);
      return;
    }
    running.delete(name);
    const waiting = endings.get(name);
    endings.delete(name);
    for (const resolve of waiting ?? []) resolve();
  };
}

/** Resolves once no bulk write of database `name` is under way; null when none is now. */
export function bulkWritesEnd(name: string): Promise<void> | null {
  if (!running.has(name)) return null;
  return new Promise<void>((resolve) => {
    const waiting = endings.get(name) ?? new Set<() => void>();
    waiting.add(resolve);
    endings.set(name, waiting);
  });
}
