import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { createApp } from '../sync-server/src/app';
import type { Sql } from '../sync-server/src/db/client';
import { migrate } from '../sync-server/src/db/migrate';
import { openDatabase } from '../sync-server/src/db/open';
import { loadEnv } from '../sync-server/src/env';
import { createLogger } from '../sync-server/src/logger';

/**
 * The product (the same app `npm run serve` runs, on its own embedded database) started inside the
 * test, for what only a test clock can show: a renewal, and the 48 hours after it. A person's
 * provider customer has to live on a test clock from the start, which the test arranges as the
 * server tests do (`sync-server/src/modules/billing/testing.ts`): the customer made on a clock
 * through the local Stripe's API, and recorded as the person's in the database.
 */
export interface ClockServer {
  readonly url: string;
  /** The SDK on the server's own port, where its local Stripe answers. */
  readonly stripe: Stripe;
  /** Puts the person's provider customer on a new test clock frozen at `frozenTime` (seconds). */
  customerOnClock(userId: string, email: string, frozenTime: number): Promise<string>;
  close(): Promise<void>;
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

async function recordCustomer(sql: Sql, userId: string, customerId: string): Promise<void> {
  await sql`insert into billing_customers (user_id, provider, provider_customer_id) values (${userId}, 'test', ${customerId})`;
}

export async function startClockServer(): Promise<ClockServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'memento-e2e-billing-'));
  const env = loadEnv({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const database = await openDatabase(env.database);
  await migrate(database.sql);
  const server = http.createServer(createApp({ env, sql: database.sql, logger: createLogger(env.logLevel) }));
  const port = await listen(server);
  const stripe = new Stripe('sk_test_e2e_clock', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  return {
    url: `http://127.0.0.1:${String(port)}`,
    stripe,
    async customerOnClock(userId, email, frozenTime) {
      const clock = await stripe.testHelpers.testClocks.create({ frozen_time: frozenTime, name: email });
      const customer = await stripe.customers.create({ email, test_clock: clock.id, metadata: { user_id: userId } });
      await recordCustomer(database.sql, userId, customer.id);
      return clock.id;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
