import { describeDatabase } from './db/open.ts';
import { EnvError, loadEnv, type Env } from './env.ts';
import { createLogger } from './logger.ts';
import { startServer } from './server.ts';

/** After this long, shutdown stops waiting for running requests and exits with an error. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function readEnv(): Env {
  try {
    return loadEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

const env = readEnv();
const logger = createLogger(env.logLevel);
const started = startServer(env, logger);

let stopping = false;
function shutdown(signal: NodeJS.Signals): void {
  // A signal can arrive twice (the terminal and a wrapper such as tsx or npm both relay it);
  // the timeout bounds the shutdown either way.
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.error('shutdown timed out');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  // A signal during start-up waits for the database to be open, so it is closed properly.
  started
    .then((server) => server.close())
    .then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

try {
  const server = await started;
  logger.info({ url: server.url, database: env.database.mode }, `Memento listening on ${server.url} (${describeDatabase(env.database)})`);
} catch (error) {
  logger.fatal({ err: error }, 'could not start');
  // Also on standard error, whatever the log level: a wrapper that keeps only that (a process
  // manager, the end-to-end tests' server runner) still says why the server did not start.
  process.stderr.write(`Could not start: ${String(error)}\n`);
  process.exit(1);
}
