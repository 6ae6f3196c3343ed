import type { DatabaseConfig } from '../env.ts';
import { createSql, type Sql } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';

export interface Database {
  readonly sql: Sql;
  readonly mode: DatabaseConfig['mode'];
  /** Ends the client (waiting briefly for running queries) and stops the embedded database. */
  close(): Promise<void>;
}

const END_TIMEOUT_SECONDS = 5;

/** Where the data lives, for the start-up log line; never includes credentials. */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.mode === 'embedded') return `embedded PGlite in ${config.dir}`;
  const url = new URL(config.url);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.mode === 'postgres') {
    const sql = createSql(config.url, { max: 10 });
    return { sql, mode: config.mode, close: () => sql.end({ timeout: END_TIMEOUT_SECONDS }) };
  }
  const embedded = await startEmbeddedPostgres({ dir: config.dir });
  const sql = createSql(embedded.url, { max: 1 });
  return {
    sql,
    mode: config.mode,
    async close() {
      await sql.end({ timeout: END_TIMEOUT_SECONDS });
      await embedded.close();
    },
  };
}
