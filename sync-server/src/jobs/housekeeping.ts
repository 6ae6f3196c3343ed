import { ANALYTICS_KEEP_DAYS } from '#core/schemas/analytics';
import type { Sql } from '../db/client.ts';
import { purgeOldWindows } from '../http/rate-limit-repo.ts';
import type { Logger } from '../logger.ts';
import { purgeOldEvents } from '../modules/analytics/repo.ts';
import { purgeEndedSessions } from '../modules/accounts/session-repo.ts';
import { purgeOldItems } from '../modules/hn/item-repo.ts';
import { purgeUntrackedSamples } from '../modules/hn/thread-repo.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/** Rate-limit windows are kept a day after they end: enough to look into a burst, no more. */
const RATE_LIMIT_WINDOWS_KEEP_SECONDS = 24 * 60 * 60;

/** Cached Hacker News items not read again for a month belong to posts nobody opens any more. */
const HN_ITEMS_KEEP_DAYS = 30;

/**
 * What the database no longer needs: ended sessions, old rate-limit windows, analytics events
 * past their retention (stated in the privacy policy), long-unread Hacker News items and the samples of
 * posts nobody tracks any more. Every statement is a plain delete,
 * so any number of instances may run it.
 */
export async function housekeeping(sql: Sql): Promise<{ sessions: number; windows: number; events: number; hnItems: number; hnSamples: number }> {
  return {
    sessions: await purgeEndedSessions(sql),
    windows: await purgeOldWindows(sql, RATE_LIMIT_WINDOWS_KEEP_SECONDS),
    events: await purgeOldEvents(sql, ANALYTICS_KEEP_DAYS),
    hnItems: await purgeOldItems(sql, HN_ITEMS_KEEP_DAYS),
    hnSamples: await purgeUntrackedSamples(sql),
  };
}

export function startHousekeeping(sql: Sql, logger: Logger, everyMs = HOUSEKEEPING_EVERY_MS): PeriodicJob {
  return startPeriodicJob(
    'housekeeping',
    async () => {
      const purged = await housekeeping(sql);
      if (purged.sessions + purged.windows + purged.events + purged.hnItems + purged.hnSamples > 0) logger.info(purged, 'housekeeping purged old rows');
    },
    everyMs,
    logger,
  );
}
