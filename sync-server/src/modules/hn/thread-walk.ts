import type { HnItem } from '#core/schemas/hn';
import type { HnComment } from '#core/hn/unanswered';
import type { Sql } from '../../db/client.ts';
import type { HnClient } from '../../providers/hacker-news.ts';
import { readItems, writeItems } from './item-repo.ts';
import { cleanItem } from './sanitize.ts';

/**
 * Reads every comment below a story: from the cache where it is young enough, from the site
 * otherwise. The walk does not go level by level: a comment's replies are asked for as soon as
 * the comment is in, so a 500-comment thread costs about (comments / concurrency + depth)
 * round trips, not the sum of each level's. Cache look-ups are batched: every id met while the
 * previous look-up ran goes into the next one.
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
  const found = new Map<number, HnItem>();
  const seen = new Set<number>([story.id]);
  const fetched: { id: number; item: HnItem | null }[] = [];
  const inFlight = new Set<Promise<void>>();
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
  discover(story.kids ?? []);

  try {
    while (failure === null && (pending.length > 0 || inFlight.size > 0)) {
      if (pending.length === 0) {
        await Promise.race(inFlight);
        continue;
      }
      const ids = pending;
      pending = [];
      const cached = await readItems(sql, ids);
      const now = clock();
      for (const id of ids) {
        const hit = cached.get(id);
        if (hit !== undefined && now - hit.fetchedAt <= maxAgeMs) {
          oldest = Math.min(oldest, hit.fetchedAt);
          accept(hit.item);
          continue;
        }
        const task = client.item(id).then(
          (item) => {
            const clean = item === null ? null : cleanItem(item);
            fetched.push({ id, item: clean });
            accept(clean);
          },
          (error: unknown) => {
            // The site failed us on this comment: an older copy beats no thread at all.
            if (hit === undefined) failure ??= error;
            else {
              oldest = Math.min(oldest, hit.fetchedAt);
              accept(hit.item);
            }
          },
        );
        inFlight.add(task);
        void task.finally(() => inFlight.delete(task));
      }
    }
  } finally {
    // What was read is kept even when the walk fails: the next try starts from there.
    await Promise.allSettled(inFlight);
    await writeItems(sql, fetched, clock());
  }
  if (failure !== null) throw new WalkFailed('A comment could not be read from the site', { cause: failure });
  return { comments: assemble(story.kids ?? [], found), oldestFetchedAt: oldest };
}
