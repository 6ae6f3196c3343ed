import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../sync-server/src/app';
import { migrate } from '../sync-server/src/db/migrate';
import { openDatabase } from '../sync-server/src/db/open';
import { loadEnv } from '../sync-server/src/env';
import { createLogger } from '../sync-server/src/logger';
import { runAutoRefunds } from '../sync-server/src/modules/experts/booking-service';
import { createPayments } from '../sync-server/src/providers/stripe';

/**
 * The product (the same app `npm run serve` runs, on its own embedded database) started inside
 * the test, for what only a moved clock can show: the guarantee's automatic refund. The refunds
 * job is the server's own (`runAutoRefunds`), run at the instant the test names instead of now.
 */
export interface ExpertClockServer {
  readonly url: string;
  /** One run of the automatic-refunds job as if the time were `now`. */
  autoRefundsAt(now: Date): Promise<{ refunded: number; failed: number }>;
  close(): Promise<void>;
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startExpertClockServer(): Promise<ExpertClockServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'memento-e2e-expert-'));
  const env = loadEnv({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const database = await openDatabase(env.database);
  await migrate(database.sql);
  const logger = createLogger(env.logLevel);
  const payments = createPayments(env.payments, { nodeEnv: env.nodeEnv });
  const server = http.createServer(createApp({ env, sql: database.sql, logger, payments }));
  const port = await listen(server);
  const url = `http://127.0.0.1:${String(port)}`;
  return {
    url,
    autoRefundsAt: (now) => runAutoRefunds({ sql: database.sql, payments, publicOrigin: url }, now),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      payments.local?.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
