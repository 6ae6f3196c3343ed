/**
 * `npm run test:unit:server` runs the server's tests on the PostgreSQL server named by
 * TEST_DATABASE_URL when one is set (CI), and on the embedded PGlite otherwise. With a server set,
 * this runs the data layer's own tests (the database, migrations, sync's reads and merges, the
 * fault simulation) on PGlite as well, the zero-setup default, so both engines stay green where
 * they could differ. Without one there is nothing left to do: PGlite already ran everything.
 */
import { spawn } from 'node:child_process';

const DATA_LAYER = ['sync-server/src/db', 'sync-server/src/modules/sync', 'sync-server/src/testing/faults'];

if (!process.env.TEST_DATABASE_URL?.trim()) {
  console.log('No TEST_DATABASE_URL: the server tests ran on PGlite already.');
} else {
  // A test's limit is a net for a hang, not a measure of speed. This run shares two cores with the
  // rest of `npm test`, and the first test of each file pays the embedded engine's start: on a slow
  // day the migration test took 31 s of the usual 30 s limit (CI, 2026-11-28), so these get 90 s.
  const child = spawn('npx', ['vitest', 'run', '--project', 'server', '--testTimeout=90000', ...DATA_LAYER], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: '' },
  });
  child.on('close', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
}
