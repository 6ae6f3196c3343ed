/**
 * The probe's load figure (issue 11): 60 s of mixed pull and push at 100 connections against
 * the production server on PostgreSQL, beside what the probe measured (249 req/s, p99 1,131 ms,
 * server RSS 113 → 235 MB).
 *
 * Run standalone with `npx tsx e2e/bench/load-mixed.ts`; e2e/bench/run.ts calls `benchMixedLoad()`.
 *
 * - Database: a scratch database `memento_bench_<random>` on the PostgreSQL server of
 *   BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test),
 *   dropped after the run; without either, the embedded PGlite in a temporary data folder
 *   (one connection, not the probe's setup), and the output says so.
 * - Load: every connection is a signed-in account (POST /api/auth/local) with its own device,
 *   seeded with 30 days. It pulls from its cursor, then pushes 1–5 journal edits of the last 21
 *   days with the next sequence numbers and fresh hybrid logical clocks, then pulls again, and
 *   so on, each request as soon as the previous answer arrives (a closed loop, as autocannon
 *   runs: latency ≈ connections / throughput). No warm-up: the first seconds count.
 * - Memory: the server process's VmRSS from /proc/<pid>/status before and after the load,
 *   sampled every 250 ms in between, and VmHWM (the kernel's high-water mark). CPU: the server
 *   process's user + system time from /proc/<pid>/stat and this process's, over the load.
 *
 * Loopback only; bounded by the duration, it stops by itself.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import autocannon, { type Client, type RequestParams } from 'autocannon';
import { signInReplySchema } from '#core/schemas/auth';
import { formatHlc, initialHlc, tick, type HlcParts } from '#core/sync/hlc';
import { pushResponseSchema, type Mutation } from '#core/sync/protocol';
import { createScratchDatabase } from '../../sync-server/src/testing/database.ts';
import { newDataDir, startServer, type RunningServer } from './server';

const PROBE = { requestsPerSecond: 249, p99: 1131, rssStartMb: 113, rssEndMb: 235 } as const;
const BUDGET = { p99Ms: 500, rssGrowthMb: 100 } as const;
const DAY_MS = 86_400_000;
const SEED_DAYS = 30;
const EDITED_DAYS = 21;
const MB = 1024;

export interface MixedLoadFigures {
  readonly database: 'postgres' | 'pglite';
  readonly seconds: number;
  readonly requestsPerSecond: number;
  readonly pulls: number;
  readonly pushes: number;
  readonly mutationsApplied: number;
  readonly non2xx: number;
  /** Connection errors and timeouts (autocannon's `errors`), timeouts also on their own. */
  readonly socketErrors: number;
  readonly timeouts: number;
  /** 2xx answers that were not what the protocol promises: unreadable, a push not fully acknowledged, a mutation rejected. */
  readonly wrongReplies: number;
  readonly p50: number;
  readonly p99: number;
  readonly pull: { readonly p50: number; readonly p99: number };
  readonly push: { readonly p50: number; readonly p99: number };
  /** Server memory in MB; undefined where /proc cannot be read. */
  readonly rss?: { readonly ready: number; readonly start: number; readonly sampledPeak: number; readonly highWater: number; readonly end: number };
  readonly loadAverage: { readonly before: number; readonly after: number };
  /** CPU time over the load's wall time (1 = one core busy): the server process (undefined off Linux) and this load generator. */
  readonly cpu: { readonly server?: number; readonly generator: number };
}

interface Device {
  readonly authorization: string;
  readonly clientId: string;
  cursor: number;
  /** The server's last applied sequence number for this device. */
  acked: number;
  clock: HlcParts;
  edits: number;
}

interface Database {
  readonly kind: 'postgres' | 'pglite';
  /** Environment for the server process. */
  readonly env: NodeJS.ProcessEnv;
  drop(): Promise<void>;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

function serverUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || undefined;
}

async function scratchDatabase(): Promise<Database> {
  const adminUrl = serverUrl();
  // The child inherits this process's environment: no DATABASE_URL means embedded PGlite.
  if (adminUrl === undefined) return { kind: 'pglite', env: { DATABASE_URL: undefined }, drop: () => Promise.resolve() };
  const scratch = await createScratchDatabase(adminUrl, 'memento_bench');
  return { kind: 'postgres', env: { DATABASE_URL: scratch.url }, drop: () => scratch.drop() };
}

/** The server's resident memory, MB: now and its high-water mark. Undefined off Linux. */
function serverMemory(pid: number): { rss: number; highWater: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / MB, highWater: kb('VmHWM') / MB };
  } catch {
    return undefined;
  }
}

/** CPU seconds the server process has used (user + system), from /proc/<pid>/stat. Undefined off Linux. */
function serverCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    // USER_HZ: 100 on Linux for every architecture Node runs on.
    return Number.isFinite(ticks) ? ticks / 100 : undefined;
  } catch {
    return undefined;
  }
}

function dayBefore(days: number): string {
  return new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
}

/** A journal edit as the app writes one: both flags and a text, stamped with the device's next clock. */
function journalEdit(device: Device, seq: number, day: string): Mutation {
  device.clock = tick(device.clock, Date.now());
  device.edits += 1;
  return {
    seq,
    table: 'exercises',
    key: day,
    fields: {
      mortality: true,
      gratitude: device.edits % 3 !== 0,
      gratitudeOne: `Grateful for the walk by the river and the call with my sister, edit ${device.edits}`,
    },
    hlc: formatHlc(device.clock),
  };
}

async function signIn(url: string, index: number): Promise<Device> {
  const response = await fetch(`${url}/api/auth/local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `load-${index}@example.com` }),
  });
  if (!response.ok) throw new Error(`local sign-in answered ${response.status}`);
  const { token } = signInReplySchema.parse(await response.json());
  const clientId = `load-device-${index}`;
  return { authorization: `Bearer ${token}`, clientId, cursor: 0, acked: 0, clock: initialHlc(clientId), edits: 0 };
}

/** The device's first push: SEED_DAYS days, one each, so the edits meet existing records. */
async function seed(url: string, device: Device): Promise<void> {
  const mutations = Array.from({ length: SEED_DAYS }, (_, index) => journalEdit(device, index + 1, dayBefore(index)));
  const response = await fetch(`${url}/api/sync/push`, {
    method: 'POST',
    headers: { Authorization: device.authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientId: device.clientId, mutations }),
  });
  if (!response.ok) throw new Error(`seeding push answered ${response.status}`);
  device.acked = pushResponseSchema.parse(await response.json()).lastAppliedSeq;
}

async function devices(url: string, count: number): Promise<Device[]> {
  const all: Device[] = [];
  // Ten at a time: a sign-in hashes a token and writes a session; the seed writes 30 records.
  for (let start = 0; start < count; start += 10) {
    const group = await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, offset) => signIn(url, start + offset)));
    await Promise.all(group.map((device) => seed(url, device)));
    all.push(...group);
  }
  return all;
}

interface Tally {
  pulls: number;
  pushes: number;
  mutationsApplied: number;
  wrongReplies: number;
  readonly pullMs: number[];
  readonly pushMs: number[];
}

/** Pull, push, pull, push … for one connection, its device's state kept from answer to answer. */
function driveConnection(device: Device, tally: Tally, client: Client): void {
  let lastKind: 'pull' | 'push' = 'pull';
  let sentUpTo = device.acked;
  const pull = {
    method: 'GET',
    setupRequest: (request: RequestParams): RequestParams => ({
      ...request,
      method: 'GET',
      path: `/api/sync/pull?cursor=${device.cursor}&clientId=${device.clientId}`,
      headers: { Authorization: device.authorization },
    }),
    onResponse(status: number, body: string) {
      lastKind = 'pull';
      tally.pulls += 1;
      if (status !== 200) return;
      try {
        const reply = JSON.parse(body) as { cursor?: unknown; changes?: unknown };
        if (typeof reply.cursor !== 'number' || !Array.isArray(reply.changes)) throw new Error('not a pull reply');
        device.cursor = reply.cursor;
      } catch {
        tally.wrongReplies += 1;
      }
    },
  } as const;
  const push = {
    method: 'POST',
    setupRequest: (request: RequestParams): RequestParams => {
      const count = 1 + Math.floor(Math.random() * 5);
      const mutations = Array.from({ length: count }, (_, index) =>
        journalEdit(device, device.acked + index + 1, dayBefore(Math.floor(Math.random() * EDITED_DAYS))),
      );
      sentUpTo = device.acked + count;
      return {
        ...request,
        method: 'POST',
        path: '/api/sync/push',
        headers: { Authorization: device.authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify({ clientId: device.clientId, mutations }),
      };
    },
    onResponse(status: number, body: string) {
      lastKind = 'push';
      tally.pushes += 1;
      if (status !== 200) return;
      try {
        const reply = JSON.parse(body) as { lastAppliedSeq?: unknown; rejected?: unknown };
        if (typeof reply.lastAppliedSeq !== 'number' || !Array.isArray(reply.rejected)) throw new Error('not a push reply');
        // A device resends from the server's acknowledgement, as the outbox does.
        tally.mutationsApplied += Math.max(0, reply.lastAppliedSeq - device.acked);
        device.acked = reply.lastAppliedSeq;
        if (reply.lastAppliedSeq !== sentUpTo || reply.rejected.length > 0) tally.wrongReplies += 1;
      } catch {
        tally.wrongReplies += 1;
      }
    },
  } as const;
  client.setRequests([pull, push]);
  client.on('response', (_status, _bytes, durationMs) => {
    (lastKind === 'pull' ? tally.pullMs : tally.pushMs).push(durationMs);
  });
}

const fixed = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const verdict = (ok: boolean): string => (ok ? 'ok' : 'OVER');

function printFigures(figures: MixedLoadFigures, connections: number): void {
  const { rss } = figures;
  const where =
    figures.database === 'postgres'
      ? 'PostgreSQL, a scratch database dropped afterwards'
      : 'embedded PGlite (one connection): BENCH_DATABASE_URL / TEST_DATABASE_URL not set, so NOT the probe\'s setup';
  console.log(`\n## Mixed pull/push load: ${connections} connections, ${figures.seconds} s (${where})\n`);
  console.log(
    `Each connection is a signed-in account with its own device (30 days seeded): it pulls from its cursor, then pushes 1–5 journal edits ` +
      `of the last ${EDITED_DAYS} days (next seq, fresh HLC), in turn, each request as soon as the last answer came (closed loop, no warm-up). ` +
      `The load generator runs on the same cores as the server and the database; load average ${fixed(figures.loadAverage.before, 2)} ` +
      `before, ${fixed(figures.loadAverage.after, 2)} after (2 cores: anything else running shows in these figures).\n`,
  );
  console.log('| figure | ours | probe | budget |');
  console.log('|---|---:|---:|---|');
  console.log(`| requests/s | ${fixed(figures.requestsPerSecond)} | ${PROBE.requestsPerSecond} | |`);
  console.log(`| answers: pulls / pushes (mutations applied) | ${fixed(figures.pulls)} / ${fixed(figures.pushes)} (${fixed(figures.mutationsApplied)}) | | |`);
  console.log(`| non-2xx answers | ${figures.non2xx} | | 0: ${verdict(figures.non2xx === 0)} |`);
  console.log(`| socket errors (of them timeouts > 10 s) | ${figures.socketErrors} (${figures.timeouts}) | | 0: ${verdict(figures.socketErrors === 0)} |`);
  console.log(`| wrong 2xx replies (unreadable, push not fully acknowledged, rejected) | ${figures.wrongReplies} | | 0: ${verdict(figures.wrongReplies === 0)} |`);
  console.log(`| latency p50, ms | ${fixed(figures.p50, 1)} | | |`);
  console.log(`| latency p99, ms | ${fixed(figures.p99, 1)} | ${fixed(PROBE.p99)} | < ${BUDGET.p99Ms}: ${verdict(figures.p99 < BUDGET.p99Ms)} |`);
  console.log(`| pull p50 / p99, ms | ${fixed(figures.pull.p50, 1)} / ${fixed(figures.pull.p99, 1)} | | |`);
  console.log(`| push p50 / p99, ms | ${fixed(figures.push.p50, 1)} / ${fixed(figures.push.p99, 1)} | | |`);
  const share = (value: number | undefined) => (value === undefined ? 'n/a' : `${fixed(value * 100)} %`);
  console.log(`| CPU of one core: server process / load generator | ${share(figures.cpu.server)} / ${share(figures.cpu.generator)} | | |`);
  if (rss === undefined) {
    console.log('| server RSS | n/a (no /proc) | 113 → 235 MB | |');
    return;
  }
  const growth = rss.end - rss.start;
  console.log(`| server RSS at load start → end, MB | ${fixed(rss.start)} → ${fixed(rss.end)} (+${fixed(growth)}) | ${PROBE.rssStartMb} → ${PROBE.rssEndMb} (+${PROBE.rssEndMb - PROBE.rssStartMb}) | growth < ${BUDGET.rssGrowthMb}: ${verdict(growth < BUDGET.rssGrowthMb)} |`);
  console.log(`| server RSS right after start (before sign-ins and seeding), MB | ${fixed(rss.ready)} | | |`);
  console.log(`| server RSS peak, MB: sampled every 250 ms / VmHWM (since start) | ${fixed(rss.sampledPeak)} / ${fixed(rss.highWater)} | | |`);
}

/** The probe's load on a fresh database, printed as a table beside the probe's figures. */
export async function benchMixedLoad({ connections = 100, seconds = 60 }: { connections?: number; seconds?: number } = {}): Promise<MixedLoadFigures> {
  const database = await scratchDatabase();
  const dataDir = newDataDir();
  let server: RunningServer | undefined;
  try {
    server = await startServer(dataDir, 30_000, database.env);
    const { url, pid } = server;
    const ready = serverMemory(pid);
    const all = await devices(url, connections);
    const tally: Tally = { pulls: 0, pushes: 0, mutationsApplied: 0, wrongReplies: 0, pullMs: [], pushMs: [] };

    const before = serverMemory(pid);
    let sampledPeak = before?.rss ?? Number.NaN;
    const sampler = setInterval(() => {
      const now = serverMemory(pid);
      if (now !== undefined) sampledPeak = Math.max(sampledPeak, now.rss);
    }, 250);
    const loadBefore = loadavg()[0] ?? Number.NaN;
    const serverCpuBefore = serverCpuSeconds(pid);
    const generatorCpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    let next = 0;
    const result = await autocannon({
      url,
      connections,
      duration: seconds,
      setupClient: (client) => {
        const device = all[next % all.length];
        next += 1;
        if (device !== undefined) driveConnection(device, tally, client);
      },
    });
    clearInterval(sampler);
    const after = serverMemory(pid);
    const wallSeconds = (performance.now() - wallBefore) / 1000;
    const serverCpuAfter = serverCpuSeconds(pid);
    const generatorCpu = process.cpuUsage(generatorCpuBefore);
    const loadAfter = loadavg()[0] ?? Number.NaN;

    const everything = [...tally.pullMs, ...tally.pushMs].sort((a, b) => a - b);
    const pullMs = [...tally.pullMs].sort((a, b) => a - b);
    const pushMs = [...tally.pushMs].sort((a, b) => a - b);
    const figures: MixedLoadFigures = {
      database: database.kind,
      seconds: result.duration,
      requestsPerSecond: everything.length / result.duration,
      pulls: tally.pulls,
      pushes: tally.pushes,
      mutationsApplied: tally.mutationsApplied,
      non2xx: result.non2xx,
      socketErrors: result.errors,
      timeouts: result.timeouts,
      wrongReplies: tally.wrongReplies,
      p50: percentile(everything, 0.5),
      p99: percentile(everything, 0.99),
      pull: { p50: percentile(pullMs, 0.5), p99: percentile(pullMs, 0.99) },
      push: { p50: percentile(pushMs, 0.5), p99: percentile(pushMs, 0.99) },
      rss:
        ready === undefined || before === undefined || after === undefined
          ? undefined
          : { ready: ready.rss, start: before.rss, sampledPeak: Math.max(sampledPeak, after.rss), highWater: after.highWater, end: after.rss },
      loadAverage: { before: loadBefore, after: loadAfter },
      cpu: {
        server: serverCpuBefore === undefined || serverCpuAfter === undefined ? undefined : (serverCpuAfter - serverCpuBefore) / wallSeconds,
        generator: (generatorCpu.user + generatorCpu.system) / 1e6 / wallSeconds,
      },
    };
    printFigures(figures, connections);
    return figures;
  } finally {
    await server?.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// LOAD_SECONDS shortens a trial run; the figure is the 60 s one.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchMixedLoad({ seconds: Number(process.env.LOAD_SECONDS ?? 60) });
