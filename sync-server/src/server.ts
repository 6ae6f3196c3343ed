import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, createHnThreads } from './app.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import type { Env } from './env.ts';
import { startHousekeeping } from './jobs/housekeeping.ts';
import { startHnWatch } from './jobs/hn-watch.ts';
import type { Logger } from './logger.ts';
import { startAutoRefunds } from './modules/experts/job.ts';
import { startMailJob } from './modules/mail/job.ts';
import { startReminderLoop } from './modules/reminders/job.ts';
import { startTombstonePurge } from './modules/sync/purge-job.ts';
import { createPayments } from './providers/stripe.ts';

export interface RunningServer {
  readonly url: string;
  /** Stops accepting connections, lets running requests finish, then closes the database. */
  close(): Promise<void>;
}

function listen(server: http.Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

function closeHttp(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}

function displayUrl({ address, port }: AddressInfo): string {
  const host = address === '0.0.0.0' || address === '::' ? 'localhost' : address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${port}`;
}

/** Opens and migrates the database, then serves the app on the configured host and port. */
export async function startServer(env: Env, logger: Logger): Promise<RunningServer> {
  const database = await openDatabase(env.database);
  let server: http.Server | undefined;
  try {
    const { applied } = await migrate(database.sql);
    if (applied.length > 0) logger.info({ applied }, 'database migrated');
    const hnThreads = createHnThreads(database.sql, env);
    // One payments client for the app and the expert refunds job.
    const payments = createPayments(env.payments, { nodeEnv: env.nodeEnv });
    server = http.createServer(createApp({ env, sql: database.sql, logger, hnThreads, payments }));
    const address = await listen(server, env.port, env.host);
    const running = server;
    // Daily reminders: every instance runs the loop; the database keeps them from sending twice.
    const reminders = startReminderLoop({ sql: database.sql, push: env.push, logger });
    // Deletions older than the tombstone window go; a device behind them is told to start over.
    const purge = startTombstonePurge(database.sql, logger);
    // Ended sessions, old rate-limit windows, analytics past their retention.
    const housekeeping = startHousekeeping(database.sql, logger);
    // Queued e-mail: sent through SMTP_URL, or marked as delivered to the local mailbox.
    const mail = startMailJob({ sql: database.sql, mail: env.mail, logger });
    // Tracked Hacker News posts: checked on their schedule, owners told of new comments by push.
    const hnWatch = startHnWatch({ sql: database.sql, push: env.push, threads: hnThreads, logger });
    // Expert bookings not marked scheduled within the guarantee's days: refunded, both sides told.
    const autoRefunds = startAutoRefunds({ sql: database.sql, payments, publicOrigin: env.publicOrigin, logger });
    return {
      url: displayUrl(address),
      async close() {
        await closeHttp(running);
        await reminders.stop();
        purge.stop();
        await purge.firstRun;
        await housekeeping.stop();
        await mail.stop();
        await hnWatch.stop();
        await autoRefunds.stop();
        payments.local?.stop();
        await database.close();
      },
    };
  } catch (error) {
    server?.close();
    await database.close();
    throw error;
  }
}
