import type { HnItem } from '#core/schemas/hn';
import type { HnComment } from '#core/hn/unanswered';
import type { Sql } from '../../db/client.ts';
import type { HnClient } from '../../providers/hacker-news.ts';
import { readCachedThread, writeItems, type CachedItem } from './item-repo.ts';
import { cleanItem } from './sanitize.ts';

/**
 * Reads every comment below a story: from the cache where it is young enough, from the site
 * otherwise. The walk does not go level by level: a comment's replies are asked for as soon as
 * the comment is in, so a 500-comment thread costs about (comments / concurrency + depth)
 * round trips, not the sum of each level's. The cache is read once, for the whole thread, and
 * written once, with everything read from the site.
 */

/** Far above the largest threads the site has had; a runaway (a loop in kids) stops here. */
export const MAX_THREAD_ITEMS = 20_000;

export interface WalkDeps {
  readonly sql: Sql;
  readonly client: HnClient;
  readonly clock: () => number;
}

export interface WalkResult {
  /** The top-level comments with their replies. */
  readonly comments: HnComment[];
  /** When the oldest item used was read from the site (ms). */
  readonly oldestFetchedAt: number;
}

/** The walk could not read a comment from the site, and none was cached. */
export class WalkFailed extends Error {}

/** The tree from the items found, children built before their parents (no recursion). */
function assemble(topIds: readonly number[], found: ReadonlyMap<number, HnItem>): HnComment[] {
  const order: number[] = [];
  const visited = new Set<number>();
  const stack = [...topIds];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    const item = found.get(id);
    if (item === undefined || visited.has(id)) continue;
    visited.add(id);
    order.push(id);
    stack.push(...(item.kids ?? []));
  }
  const built = new Map<number, HnComment>();
  const builtFrom = (ids: readonly number[]) => ids.flatMap((id) => built.get(id) ?? []);
  for (let index = order.length - 1; index >= 0; index -= 1) {
    const item = found.get(order[index] as number) as HnItem;
    built.set(item.id, {
      id: item.id,
      by: item.by ?? null,
      time: item.time ?? 0,
      text: item.text ?? '',
      deleted: item.deleted === true,
      dead: item.dead === true,
      replies: builtFrom(item.kids ?? []),
    });
  }
  return builtFrom(topIds);
}

export async function walkComments(deps: WalkDeps, story: HnItem, storyFetchedAt: number, maxAgeMs: number): Promise<WalkResult> {
  const { sql, client, clock } = deps;
  // Everything of the thread the cache holds, in one statement; the rest comes from the site.
  const cached = await readCachedThread(sql, story.kids ?? [], MAX_THREAD_ITEMS);
  const found = new Map<number, HnItem>();
  const seen = new Set<number>([story.id]);
  const fetched: { id: number; item: HnItem | null }[] = [];
  const tasks: Promise<void>[] = [];
  let running = 0;
  /** Wakes the loop below when a read from the site ends. */
  let wake: (() => void) | null = null;
  let pending: number[] = [];
  let oldest = storyFetchedAt;
  let failure: unknown = null;

  const discover = (kids: readonly number[]) => {
    for (const kid of kids) {
      if (seen.has(kid) || seen.size > MAX_THREAD_ITEMS) continue;
      seen.add(kid);
      pending.push(kid);
    }
  };
  const accept = (item: HnItem | null) => {
    if (item === null) return;
    found.set(item.id, item);
    discover(item.kids ?? []);
  };
  const useCached = (hit: CachedItem) => {
    oldest = Math.min(oldest, hit.fetchedAt);
    accept(hit.item);
  };
  const readFromSite = (id: number, stale: CachedItem | undefined) => {
    running += 1;
    const task = client
      .item(id)
      .then(
        (item) => {
          const clean = item === null ? null : cleanItem(item);
          fetched.push({ id, item: clean });
          accept(clean);
        },
        (error: unknown) => {
          // The site failed us on this comment: an older copy beats no thread at all.
          if (stale === undefined) failure ??= error;
          else useCached(stale);
        },
      )
      .finally(() => {
        running -= 1;
        wake?.();
        wake = null;
      });
    tasks.push(task);
  };
  discover(story.kids ?? []);

  try {
    while (failure === null && (pending.length > 0 || running > 0)) {
      if (pending.length === 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      const ids = pending;
      pending = [];
      const now = clock();
      for (const id of ids) {
        const hit = cached.get(id);
        if (hit !== undefined && now - hit.fetchedAt <= maxAgeMs) useCached(hit);
        else readFromSite(id, hit);
      }
    }
  } finally {
    // What was read is kept even when the walk fails: the next try starts from there.
    await Promise.allSettled(tasks);
    await writeItems(sql, fetched, clock());
  }
  if (failure !== null) throw new WalkFailed('A comment could not be read from the site', { cause: failure });
  return { comments: assemble(story.kids ?? [], found), oldestFetchedAt: oldest };
}
