import type { Express } from 'express';
import type { Sql } from '../db/client.ts';
import { createApp } from '../app.ts';
import { loadEnv, type Env } from '../env.ts';
import { createLogger } from '../logger.ts';
import { NO_BUILD_DIR } from './no-build.ts';
import { serve, type TestServer } from './http.ts';

/**
 * Rate limits far above what any test sends from its one address; the tests of the limits set
 * their own.
 */
export const GENEROUS_RATE_LIMITS = {
  SIGN_IN_LIMIT_PER_CLIENT: '100000',
  SIGN_IN_LIMIT_PER_EMAIL: '100000',
  EVENTS_LIMIT_PER_CLIENT: '1000000',
  CHARGE_LIMIT_PER_CLIENT: '1000000',
} as const;

/** The configuration of a server under test: silent logs, no build, generous limits, then `variables`. */
export function testEnv(variables: Record<string, string> = {}): Env {
  return loadEnv({ NODE_ENV: 'test', PUBLIC_DIR: NO_BUILD_DIR, ...GENEROUS_RATE_LIMITS, ...variables });
}

/** `createApp` with a test configuration (silent logs), not listening: e.g. to read its routes. */
export function testApp(sql: Sql, variables: Record<string, string> = {}): Express {
  const env = testEnv(variables);
  return createApp({ env, sql, logger: createLogger(env.logLevel) });
}

/** Serves `testApp` on a free port. */
export function serveApp(sql: Sql, variables: Record<string, string> = {}): Promise<TestServer> {
  return serve(testApp(sql, variables));
}
