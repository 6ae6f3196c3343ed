import { decideNotice, hnCommentsPush, newestCommentId, type Told } from '#core/hn/notify';
import { checkIntervalMs, nextCheckAt, WATCH_STAGES } from '#core/hn/watch-schedule';
import { isPaid } from '#core/plans/account-type';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { PushSender } from '../../providers/push.ts';
import { deliverPush, limitedSender, type SendPush } from '../reminders/deliver.ts';
import { listSubscriptions } from '../reminders/repo.ts';
import type { LoadedThread, ThreadLoader } from './thread-loader.ts';
import { claimDuePosts, enrolTrackedPosts, finishPost, forgetPost, listWatchers, moveTold, type Watcher } from './watch-repo.ts';

/**
 * The watch job: one pass (`runHnWatch`) takes the tracked posts due for a check (see
 * `nextCheckAt` for how often), reads each thread through the same loader and cache as the pages
 * (which also records the score and comment count for Pro's chart), and tells each tracker's owner
 * of waiting comments that are new since they were last told: one push per post, to the browsers
 * where that person turned the notices on, through the reminders' send path.
 *
 * Any number of instances may run passes at once. A post is taken by one of them (FOR UPDATE
 * SKIP LOCKED plus a claim that runs out), and what a person was told moves by compare-and-set
 * before the push goes out, so even a pass that outlives its claim cannot tell anyone twice.
 */

/** How long one instance holds a post while checking it; past that another may take it over. */
export const WATCH_CLAIM_MS = 5 * 60_000;
/** Posts taken per pass: the work of one pass stays bounded however many are tracked. */
export const WATCH_BATCH_SIZE = 20;
/** Threads read at once in a pass (each may be hundreds of items). */
export const WATCH_CONCURRENCY = 4;
/** When the site does not answer, the post is tried again this much later. */
export const WATCH_RETRY_MS = 2 * 60_000;
/** The interval held between two notifications of a post past its schedule (its last check). */
const LAST_INTERVAL_MS = WATCH_STAGES.at(-1)?.everyMs ?? 0;

export interface HnWatchDeps {
  readonly sql: Sql;
  readonly threads: ThreadLoader;
  readonly sender: PushSender;
  readonly batchSize?: number;
  readonly concurrency?: number;
  readonly onError?: (error: unknown, storyId: number) => void;
}

export interface HnWatchResult {
  /** Posts read and rescheduled. */
  checked: number;
  /** People told (at least one of their browsers took the push). */
  told: number;
  /** Pushes the push services accepted. */
  pushes: number;
  /** People with new comments held back: their post's last notification is less than an interval old. */
  heldBack: number;
  /** Subscriptions forgotten because the push service said they are gone, and pushes that failed. */
  gone: number;
  failed: number;
  /** Posts whose checks ended: gone from the site, or no longer tracked by anyone. */
  ended: number;
}

interface Check {
  readonly sql: Sql;
  readonly send: SendPush;
  readonly loaded: LoadedThread;
  readonly now: number;
  readonly intervalMs: number;
  readonly result: HnWatchResult;
}

/** Moves the told mark when the person cannot be reached, or after a push one of their browsers took. */
async function tell(check: Check, watcher: Watcher): Promise<void> {
  const { sql, loaded, now, result } = check;
  const { told } = watcher;
  const waiting = isPaid(watcher.accountType) ? [...loaded.unanswered, ...loaded.repliesToAuthor] : loaded.unanswered;
  const decision = decideNotice({ waiting, newestId: newestCommentId(loaded.thread), told, intervalMs: check.intervalMs, now });
  if (decision.action === 'baseline') {
    await moveTold(sql, watcher.trackerId, told, { upToId: decision.upToId, notifiedAt: null });
    return;
  }
  if (decision.action === 'later') result.heldBack++;
  if (decision.action !== 'send' || told.upToId === null) return;

  const subscriptions = await listSubscriptions(sql, watcher.userId, 'hn-comments');
  if (subscriptions.length === 0) {
    // No browser to tell: these comments will not be news when one subscribes later.
    await moveTold(sql, watcher.trackerId, told, { upToId: decision.upToId, notifiedAt: told.notifiedAt });
    return;
  }
  const after = { upToId: decision.upToId, notifiedAt: now };
  // Another instance moved it first: that one sends.
  if (!(await moveTold(sql, watcher.trackerId, told, after))) return;
  const payload = JSON.stringify(hnCommentsPush({ id: loaded.story.id, title: loaded.story.title }, decision.count));
  const delivery = await deliverPush(sql, check.send, watcher.userId, subscriptions, payload, now);
  result.pushes += delivery.delivered;
  result.gone += delivery.gone;
  result.failed += delivery.failed;
  if (delivery.delivered > 0) result.told++;
  // Nobody took it: put the mark back, so the next check tries again with everything new by then.
  else await moveTold(sql, watcher.trackerId, after, { upToId: told.upToId, notifiedAt: told.notifiedAt } satisfies Told);
}

async function checkPost(deps: HnWatchDeps, send: SendPush, storyId: number, claimedUntil: Date, now: number, result: HnWatchResult): Promise<void> {
  const { sql } = deps;
  const watchers = await listWatchers(sql, storyId);
  if (watchers.length === 0) {
    await forgetPost(sql, storyId, claimedUntil);
    result.ended++;
    return;
  }
  let loaded: LoadedThread;
  try {
    loaded = await deps.threads.load(storyId);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const gone = error.code !== 'HN_UNAVAILABLE';
    // A post deleted, killed or never there has nothing more to tell; the site being away is passing.
    await finishPost(sql, storyId, claimedUntil, { dueAt: gone ? null : new Date(now + WATCH_RETRY_MS), checkedAt: new Date(now) });
    if (gone) result.ended++;
    else throw error;
    return;
  }
  const postedAt = (loaded.story.time ?? 0) * 1000;
  const check: Check = { sql, send, loaded, now, intervalMs: checkIntervalMs(now - postedAt) ?? LAST_INTERVAL_MS, result };
  await Promise.all(watchers.map((watcher) => tell(check, watcher)));
  const dueAt = nextCheckAt(postedAt, now);
  await finishPost(sql, storyId, claimedUntil, { dueAt: dueAt === null ? null : new Date(dueAt), checkedAt: new Date(now) });
  result.checked++;
}

/** One pass of the watch job at `now`. */
export async function runHnWatch(deps: HnWatchDeps, now: number): Promise<HnWatchResult> {
  const { sql } = deps;
  const batchSize = deps.batchSize ?? WATCH_BATCH_SIZE;
  const onError = deps.onError ?? (() => undefined);
  const result: HnWatchResult = { checked: 0, told: 0, pushes: 0, heldBack: 0, gone: 0, failed: 0, ended: 0 };
  await enrolTrackedPosts(sql, new Date(now), batchSize);
  const claimedUntil = new Date(now + WATCH_CLAIM_MS);
  const queue = await claimDuePosts(sql, new Date(now), claimedUntil, batchSize);
  const send = limitedSender(deps.sender);
  const worker = async () => {
    for (let storyId = queue.shift(); storyId !== undefined; storyId = queue.shift()) {
      try {
        await checkPost(deps, send, storyId, claimedUntil, now, result);
      } catch (error) {
        // Its claim runs out (or it was rescheduled) and a later pass tries again.
        onError(error, storyId);
      }
    }
  };
  await Promise.all(Array.from({ length: deps.concurrency ?? WATCH_CONCURRENCY }, worker));
  return result;
}
