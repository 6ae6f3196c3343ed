import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { startKillableServer, type KillableServer } from './killable-server.ts';
import { simulateRuns } from './simulation.ts';

/**
 * The fault simulation against the real server and the real client engines (see simulation.ts).
 * CI runs 20 seeded runs; `SYNC_FAULT_RUNS=1000 npm run test:sync-faults` runs more, and
 * `SYNC_FAULT_SEED` starts elsewhere (a failing run prints its seed, which replays it).
 */
const RUNS = Number(process.env.SYNC_FAULT_RUNS ?? 20);
const FIRST_SEED = Number(process.env.SYNC_FAULT_SEED ?? 1);

let database: TestDatabase | undefined;
let server: KillableServer | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  // PGlite serves one connection: hand it to the server instances (each restart opens it anew).
  if (database.kind === 'pglite') await database.sql.end();
  server = await startKillableServer({ url: database.url, maxConnections: database.kind === 'pglite' ? 1 : 4 });
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

it(`${RUNS} seeded runs with faults lose and diverge nothing`, { timeout: 60_000 + RUNS * 20_000 }, async () => {
  if (server === undefined) throw new Error('no server');
  const summary = await simulateRuns(server, { runs: RUNS, firstSeed: FIRST_SEED });
  console.log(
    `sync faults (${database?.kind ?? '?'}): ${summary.line}; ${summary.writes} writes, ${summary.requests} requests, ` +
      `${summary.kills} server kills, ${summary.reloads} reloads`,
  );
  expect(summary.failures.flatMap((failure) => failure.details)).toEqual([]);
  expect(summary.losses).toBe(0);
  expect(summary.divergences).toBe(0);
  // The faults did happen: a run of this size kills the server inside a transaction more than once.
  expect(summary.kills).toBeGreaterThan(0);
});
