/**
 * The launch tracker's unanswered list (budgets: cold ≤ 1.5 s, warm ≤ 50 ms). A post with 500
 * comments on the local API server (sync-server/src/testing/local-hn), which waits 50 ms before
 * each answer, as a real network would; read one item at a time that is about 25 s.
 *
 * The server runs in this process (createApp on embedded PGlite, or on BENCH_DATABASE_URL /
 * TEST_DATABASE_URL's PostgreSQL in a scratch database), so a tracker can be put in the table
 * directly and its first view is truly cold: nothing of the thread is cached. Timed from request
 * to answer over HTTP on loopback, i.e. the server's time plus a local round trip.
 *
 * Run standalone with `npx tsx e2e/bench/hn-thread.ts`; e2e/bench/run.ts calls `benchHnThread()`.
 */
import { pathToFileURL } from 'node:url';
import { trackerViewSchema } from '#core/schemas/hn';
import { createApp } from '../../sync-server/src/app';
import { createSql, type Sql } from '../../sync-server/src/db/client';
import { startEmbeddedPostgres } from '../../sync-server/src/db/embedded';
import { migrate } from '../../sync-server/src/db/migrate';
import { loadEnv } from '../../sync-server/src/env';
import { createLogger } from '../../sync-server/src/logger';
import { createSession } from '../../sync-server/src/modules/accounts/session-repo';
import { serve } from '../../sync-server/src/testing/http';
import { createScratchDatabase } from '../../sync-server/src/testing/database.ts';
import { startLocalHn } from '../../sync-server/src/testing/local-hn/local-hn';
import { bigThread } from '../../sync-server/src/testing/local-hn/threads';

const COMMENTS = 500;
const LATENCY_MS = 50;
const COLD_RUNS = 3;
const WARM_RUNS = 30;
const COLD_BUDGET_MS = 1_500;
const WARM_BUDGET_MS = 50;
const FIRST_POST = 60_000_000;

const fixed = (ms: number) => `${ms.toFixed(0)} ms`;
const verdict = (value: number, budget: number) => (value <= budget ? 'ok' : 'OVER');

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

interface Database {
  readonly sql: Sql;
  readonly where: string;
  close(): Promise<void>;
}

async function openDatabase(): Promise<Database> {
  const adminUrl = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim();
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, 'memento_bench_hn');
    const sql = createSql(scratch.url, { max: 10 });
    const close = async () => {
      await sql.end();
      await scratch.drop();
    };
    return { sql, where: 'PostgreSQL', close };
  }
  const embedded = await startEmbeddedPostgres({ memory: true });
  const sql = createSql(embedded.url, { max: 1 });
  const close = async () => {
    await sql.end();
    await embedded.close();
  };
  return { sql, where: 'embedded PGlite (one connection)', close };
}

async function timedView(url: string, token: string, postId: number): Promise<{ ms: number; unanswered: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/getView/${postId}`, { headers: { authorization: `Bearer ${token}` } });
  const body: unknown = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`getView answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, unanswered: trackerViewSchema.parse(body).unanswered.length };
}

export async function benchHnThread(): Promise<void> {
  const posts = Array.from({ length: COLD_RUNS }, (_unused, run) => bigThread(FIRST_POST + run * 1_000, COMMENTS));
  const local = await startLocalHn({ items: posts.flatMap((post) => post.items), latencyMs: LATENCY_MS });
  const database = await openDatabase();
  try {
    const { sql } = database;
    await migrate(sql);
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', HN_API_BASE: local.baseUrl });
    const server = await serve(createApp({ env, sql, logger: createLogger(env.logLevel) }));
    try {
      const [user] = await sql<{ id: string }[]>`insert into users (email, account_type) values ('bench.hn@example.test', 1) returning id`;
      if (user === undefined) throw new Error('no user');
      const token = await createSession(sql, user.id);
      const cold: number[] = [];
      let unanswered = 0;
      for (const [run, post] of posts.entries()) {
        await sql`insert into trackers (user_id, item_id, link, title, rev) values (${user.id}, ${post.story.id}, ${`https://news.ycombinator.com/item?id=${post.story.id}`}, 'bench', ${run + 1})`;
        local.resetCounts();
        const view = await timedView(server.url, token, post.story.id);
        if (local.totalRequests() !== COMMENTS + 1) throw new Error(`a cold view asked ${local.totalRequests()} items, not ${COMMENTS + 1}`);
        cold.push(view.ms);
        unanswered = view.unanswered;
      }
      const warmPost = posts[0]?.story.id ?? FIRST_POST;
      local.resetCounts();
      const warm: number[] = [];
      for (let run = 0; run < WARM_RUNS; run += 1) warm.push((await timedView(server.url, token, warmPost)).ms);
      if (local.totalRequests() !== 0) throw new Error(`warm views asked the site ${local.totalRequests()} times`);

      const coldMedian = percentile(cold, 0.5);
      const warmMedian = percentile(warm, 0.5);
      console.log(`\n## Launch tracker: unanswered list of a ${COMMENTS}-comment thread (${database.where})\n`);
      console.log(`The local API answers each item after ${LATENCY_MS} ms: one item at a time would take about ${((COMMENTS + 1) * LATENCY_MS) / 1000} s. ${unanswered} comments wait for the author.`);
      console.log(`- cold (nothing cached, ${COMMENTS + 1} items read): ${cold.map(fixed).join(', ')}; median ${fixed(coldMedian)} (budget ≤ ${COLD_BUDGET_MS} ms: ${verdict(coldMedian, COLD_BUDGET_MS)})`);
      console.log(
        `- warm (cached, 0 items read), ${WARM_RUNS} views: median ${warmMedian.toFixed(1)} ms, p95 ${percentile(warm, 0.95).toFixed(1)} ms (budget ≤ ${WARM_BUDGET_MS} ms: ${verdict(warmMedian, WARM_BUDGET_MS)})`,
      );
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
    await local.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchHnThread();
