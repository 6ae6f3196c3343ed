import { createSql, type Sql, type TransactionSql } from '../../db/client.ts';
import { serveApp } from '../app.ts';
import type { TestServer } from '../http.ts';

/**
 * The real server (createApp over the real database) that the fault simulation can kill in the
 * middle of a transaction and start again, as a crashed and restarted process would be:
 *
 * - Each instance has its own database client. A kill closes the instance's HTTP connections
 *   (requests in flight lose their answers) and ends its database connections at once, so the
 *   database itself aborts the open transaction: nothing of a half-applied batch may survive.
 * - Where the kill strikes is chosen by the simulation: before the k-th query made inside
 *   transactions from now on, or just before the commit of the transaction that makes it. The
 *   instance's client is wrapped to count them; the wrapper only observes, it changes no query.
 * - A restart starts a new createApp with a new client on the same database.
 */

export interface KillableServerOptions {
  /** Connection URL of the database. */
  readonly url: string;
  /** Connections per instance: 1 for PGlite (it serves exactly one). */
  readonly maxConnections: number;
}

export interface KillableServer {
  /** Base URL of the running instance; the old one's port refuses connections after a kill. */
  readonly url: string;
  /** The running instance's database client (for test set-up and checks between steps). */
  readonly sql: Sql;
  readonly alive: boolean;
  /** How many kills struck a transaction. */
  readonly kills: number;
  /**
   * Kills the server before the `statement`-th query (1-based) made inside transactions from
   * now on or, with `atCommit`, just before the commit of the transaction that makes it.
   */
  armKill(statement: number, atCommit?: boolean): void;
  disarm(): void;
  /** Starts a new instance after a kill (no-op while alive). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

class ServerKilled extends Error {
  override readonly name = 'ServerKilled';
}

function isTemplateCall(args: readonly unknown[]): boolean {
  const [first] = args;
  return Array.isArray(first) && Object.hasOwn(first, 'raw');
}

/** Opens a client and waits until the database accepts it (PGlite frees its one slot a few turns after a close). */
async function connect(url: string, max: number): Promise<Sql> {
  const sql = createSql(url, { max });
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql`select 1`;
      return sql;
    } catch (error) {
      if (attempt >= 2_000) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

export async function startKillableServer({ url, maxConnections }: KillableServerOptions): Promise<KillableServer> {
  /** Queries still allowed before the kill; null when not armed. */
  let armedAt: number | null = null;
  let atCommit = false;
  let kills = 0;

  interface Instance {
    readonly sql: Sql;
    readonly server: TestServer;
    alive: boolean;
  }

  /** The instance's client, watched: an armed kill strikes inside the next transaction. */
  const watched = (sql: Sql, die: () => never): Sql => {
    const watchTransaction = (tx: TransactionSql, reached: { value: boolean }): TransactionSql =>
      new Proxy(tx, {
        apply(target, thisArg, args: unknown[]) {
          if (isTemplateCall(args) && armedAt !== null) {
            armedAt -= 1;
            if (armedAt <= 0 && !atCommit) die();
            if (armedAt <= 0) reached.value = true;
          }
          return Reflect.apply(target, thisArg, args) as unknown;
        },
      });
    return new Proxy(sql, {
      get(target, property, receiver) {
        if (property !== 'begin') return Reflect.get(target, property, receiver) as unknown;
        return (options: string, body: (tx: TransactionSql) => Promise<unknown>) =>
          target.begin(options, async (tx) => {
            const reached = { value: false };
            const result = await body(watchTransaction(tx, reached));
            if (reached.value && armedAt !== null) die();
            return result;
          });
      },
    });
  };

  const start = async (): Promise<Instance> => {
    const sql = await connect(url, maxConnections);
    const starting: { sql: Sql; server: TestServer | null; alive: boolean } = { sql, server: null, alive: true };
    const die = (): never => {
      // A request still running on an instance already dead dies with it, uncounted.
      if (!starting.alive) throw new ServerKilled('the server is gone');
      armedAt = null;
      kills += 1;
      starting.alive = false;
      // Both at once, as a dying process: the HTTP sockets and the database connections.
      void starting.server?.close();
      void sql.end({ timeout: 0 });
      throw new ServerKilled('the server was killed in the middle of a transaction');
    };
    const server = await serveApp(watched(sql, die));
    starting.server = server;
    return Object.assign(starting, { server });
  };
  let instance = await start();

  return {
    get url() {
      return instance.server.url;
    },
    get sql() {
      return instance.sql;
    },
    get alive() {
      return instance.alive;
    },
    get kills() {
      return kills;
    },
    armKill(statement, commit = false) {
      armedAt = Math.max(1, Math.floor(statement));
      atCommit = commit;
    },
    disarm() {
      armedAt = null;
    },
    async restart() {
      if (instance.alive) return;
      instance = await start();
    },
    async close() {
      armedAt = null;
      if (instance.alive) {
        instance.alive = false;
        await instance.server.close();
        await instance.sql.end({ timeout: 5 });
      }
    },
  };
}
