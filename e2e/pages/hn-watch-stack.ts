import { createApp } from '../../sync-server/src/app';
import { createSql, type Sql } from '../../sync-server/src/db/client';
import { startEmbeddedPostgres } from '../../sync-server/src/db/embedded';
import { migrate } from '../../sync-server/src/db/migrate';
import { loadEnv } from '../../sync-server/src/env';
import { createHnPushSender } from '../../sync-server/src/jobs/hn-watch';
import { createLogger } from '../../sync-server/src/logger';
import { createThreadLoader } from '../../sync-server/src/modules/hn/thread-loader';
import { runHnWatch, type HnWatchResult } from '../../sync-server/src/modules/hn/watch';
import { startPushEndpoint, type PushEndpoint } from '../../sync-server/src/modules/reminders/testing/push-endpoint';
import { createHnClient } from '../../sync-server/src/providers/hacker-news';
import { GENEROUS_RATE_LIMITS } from '../../sync-server/src/testing/app';
import { serve } from '../../sync-server/src/testing/http';
import { startLocalHn, type LocalHn } from '../../sync-server/src/testing/local-hn/local-hn';

/**
 * The real server (the built PWA and the API) with everything around it in this process, so a
 * test can step in where a person cannot: a database of its own (in-memory PGlite) it can write
 * to, the local Hacker News API with posts the test moves, a local push service that receives what
 * the server sends, and the watch job run one pass at a time on a clock the test moves.
 */
export interface HnWatchStack {
  /** Where the app is served. */
  readonly url: string;
  readonly sql: Sql;
  readonly local: LocalHn;
  readonly push: PushEndpoint;
  /** The server's clock for Hacker News reads and the watch job (ms); starts at the real time. */
  readonly clock: { now: number };
  /** One pass of the watch job at `clock.now`. */
  watchPass(): Promise<HnWatchResult>;
  close(): Promise<void>;
}

export async function startHnWatchStack(): Promise<HnWatchStack> {
  const embedded = await startEmbeddedPostgres({ memory: true });
  const sql = createSql(embedded.url, { max: 1 });
  await migrate(sql);
  const local = await startLocalHn();
  const push = await startPushEndpoint();
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', HN_API_BASE: local.baseUrl, PUSH_ALLOW_LOOPBACK_ENDPOINTS: 'true', ...GENEROUS_RATE_LIMITS });
  const clock = { now: Date.now() };
  const threads = createThreadLoader({ sql, client: createHnClient({ baseUrl: env.hnApiBase }), clock: () => clock.now });
  const server = await serve(createApp({ env, sql, logger: createLogger(env.logLevel), hnThreads: threads }));
  const sender = await createHnPushSender(sql, env.push);
  return {
    url: server.url,
    sql,
    local,
    push,
    clock,
    watchPass: () => runHnWatch({ sql, threads, sender }, clock.now),
    async close() {
      await server.close();
      await push.close();
      await local.close();
      await sql.end({ timeout: 5 });
      await embedded.close();
    },
  };
}
