import type { Sql } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { purgeOldTombstones } from './purge-service.ts';
import type { Clock } from './record-writes.ts';

/** How often the server looks for tombstones older than TOMBSTONE_KEEP_DAYS. */
export const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

export interface TombstonePurge {
  /** The purge made at start. */
  readonly firstRun: Promise<void>;
  stop(): void;
}

/**
 * Purges old tombstones now and then every `everyMs` (any number of instances may run it: each
 * purge takes the affected users' revision locks). Failures are logged and tried again later.
 */
export function startTombstonePurge(
  sql: Sql,
  logger: Logger,
  { everyMs = PURGE_EVERY_MS, clock = Date.now }: { readonly everyMs?: number; readonly clock?: Clock } = {},
): TombstonePurge {
  let stopped = false;
  const run = async () => {
    try {
      const purged = await purgeOldTombstones(sql, { now: clock() });
      if (purged.length > 0) logger.info({ users: purged.length, tombstones: purged.reduce((sum, entry) => sum + entry.purged, 0) }, 'old tombstones purged');
    } catch (error) {
      if (!stopped) logger.error({ err: error }, 'tombstone purge failed');
    }
  };
  const firstRun = run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    firstRun,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
