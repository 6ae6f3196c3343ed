import type { Sql } from '../../db/client.ts';
import { pingDatabase } from './repo.ts';

export type HealthReport =
  | { readonly status: 'ok'; readonly database: 'ok' }
  | { readonly status: 'error'; readonly database: 'unreachable' };

/** How long a health check waits for the database before calling it unreachable. */
export const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

export async function checkHealth(sql: Sql, timeoutMs = HEALTH_DATABASE_TIMEOUT_MS): Promise<HealthReport> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      resolve('timeout');
    }, timeoutMs);
  });
  try {
    const outcome = await Promise.race([pingDatabase(sql).then(() => 'ok' as const), timeout]);
    return outcome === 'ok' ? { status: 'ok', database: 'ok' } : { status: 'error', database: 'unreachable' };
  } catch {
    return { status: 'error', database: 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
