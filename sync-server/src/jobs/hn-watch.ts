import type { Sql } from '../db/client.ts';
import type { PushConfig } from '../env.ts';
import type { Logger } from '../logger.ts';
import { runHnWatch } from '../modules/hn/watch.ts';
import type { ThreadLoader } from '../modules/hn/thread-loader.ts';
import { createPushSender, DEFAULT_VAPID_SUBJECT, vapidKeysLoader, type PushSender } from '../providers/push.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

/** How often an instance looks for tracked posts due a check: well within the shortest interval (2 min). */
export const HN_WATCH_EVERY_MS = 30_000;
/**
 * How long a push service may hold a new-comments notice for a device that is away. Half a day:
 * the comments still wait then, and a newer notice for the same post replaces it on the device.
 */
export const HN_PUSH_TTL_SECONDS = 12 * 60 * 60;

/** The same VAPID keys as the reminders (browsers tie a subscription to them), with this notice's TTL. */
export async function createHnPushSender(sql: Sql, push: PushConfig): Promise<PushSender> {
  const keys = await vapidKeysLoader(sql, push)();
  return createPushSender({
    keys,
    subject: push.subject ?? DEFAULT_VAPID_SUBJECT,
    ttlSeconds: HN_PUSH_TTL_SECONDS,
    urgency: 'normal',
    endpoints: { allowLoopback: push.allowLoopbackEndpoints },
  });
}

export interface HnWatchJobOptions {
  readonly sql: Sql;
  readonly push: PushConfig;
  readonly threads: ThreadLoader;
  readonly logger: Logger;
  readonly everyMs?: number;
}

/**
 * Runs the watch job's passes on this instance (now, then every HN_WATCH_EVERY_MS; passes never
 * overlap here, and the database keeps instances apart).
 */
export function startHnWatch({ sql, push, threads, logger, everyMs = HN_WATCH_EVERY_MS }: HnWatchJobOptions): PeriodicJob {
  let sender: Promise<PushSender> | undefined;
  return startPeriodicJob(
    'hn-watch',
    async () => {
      sender ??= createHnPushSender(sql, push).catch((error: unknown) => {
        sender = undefined;
        throw error;
      });
      const result = await runHnWatch(
        { sql, threads, sender: await sender, onError: (error, storyId) => logger.warn({ err: error, storyId }, 'tracked post not checked') },
        Date.now(),
      );
      if (result.checked + result.ended > 0) logger.debug({ hnWatch: result }, 'hn watch pass');
      if (result.told + result.failed + result.gone > 0) logger.info({ hnWatch: result }, 'hn watch told people of new comments');
    },
    everyMs,
    logger,
  );
}
