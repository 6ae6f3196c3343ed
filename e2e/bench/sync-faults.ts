/**
 * (d) The sync fault simulation (sync-server/src/test/faults) with many seeded runs: real client
 * engines against the real server through a faulty network, with reloads and server kills.
 * Part of `npx tsx e2e/bench/sync-server.ts`; SYNC_FAULT_RUNS changes the number of runs.
 */
import 'fake-indexeddb/auto';
import { createTestDatabase } from '../../sync-server/src/testing/database.ts';
import { startKillableServer } from '../../sync-server/src/testing/faults/killable-server.ts';
import { simulateRuns, type SimulationSummary } from '../../sync-server/src/testing/faults/simulation.ts';

export async function benchFaultSimulation({ runs = 1000, firstSeed = 1 }: { runs?: number; firstSeed?: number } = {}): Promise<SimulationSummary> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
  if (serverUrl) process.env.TEST_DATABASE_URL = serverUrl;
  const database = await createTestDatabase();
  // PGlite serves one connection: the server instances take it in turn.
  if (database.kind === 'pglite') await database.sql.end();
  const server = await startKillableServer({ url: database.url, maxConnections: database.kind === 'pglite' ? 1 : 4 });
  const started = performance.now();
  try {
    const summary = await simulateRuns(server, {
      runs,
      firstSeed,
      onRun: (outcome) => {
        const done = outcome.seed - firstSeed + 1;
        if (done % 100 === 0) process.stderr.write(`  fault simulation: ${done}/${runs} runs\n`);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`\n## Sync fault simulation (${database.kind})\n`);
    console.log(`- ${summary.line} (${summary.losses === 0 && summary.divergences === 0 ? 'ok' : 'OVER'})`);
    console.log(
      `- ${summary.writes} writes, ${summary.requests} requests, ${summary.kills} server kills inside transactions, ` +
        `${summary.reloads} reloads; ${seconds.toFixed(0)} s (${((seconds * 1000) / runs).toFixed(0)} ms a run)`,
    );
    for (const failure of summary.failures.slice(0, 5)) console.log(`- seed ${failure.seed}: ${failure.details.slice(0, 3).join('; ')}`);
    return summary;
  } finally {
    await server.close();
    await database.close();
  }
}
