import type { Sql } from '../db/client.ts';
import { createApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { serve, type TestServer } from './http.ts';

/** Serves `createApp` with a test configuration (silent logs) on a free port. */
export function serveApp(sql: Sql, variables: Record<string, string> = {}): Promise<TestServer> {
  const env = loadEnv({ NODE_ENV: 'test', ...variables });
  return serve(createApp({ env, sql, logger: createLogger(env.logLevel) }));
}
