import { setTimeout as delay } from 'node:timers/promises';
import { PostgresError, type Sql, type TransactionSql } from './client.ts';

/** serialization_failure and deadlock_detected: the transaction lost a race and can simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

export type IsolationLevel = 'serializable' | 'repeatable read' | 'read committed';

export interface TransactOptions {
  readonly isolation?: IsolationLevel;
  /** Total runs, the first included. */
  readonly maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

export function isRetryableError(error: unknown): boolean {
  return error instanceof PostgresError && RETRYABLE.has(error.code);
}

/**
 * Runs `fn` in one transaction, serializable unless asked otherwise, and runs it again when the
 * database reports a serialization failure or a deadlock, up to `maxAttempts` times. `fn` may run
 * more than once, so it must not have effects outside the database, and it must use `tx` only:
 * with a one-connection pool, a query on `sql` inside `fn` waits forever.
 */
export async function transact<T>(
  sql: Sql,
  fn: (tx: TransactionSql) => Promise<T>,
  { isolation = 'serializable', maxAttempts = DEFAULT_MAX_ATTEMPTS }: TransactOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      // Boxed: the driver would treat a returned array as a list of queries to await.
      const box = await sql.begin(`isolation level ${isolation}`, async (tx) => ({ value: await fn(tx) }));
      return box.value;
    } catch (error) {
      if (!isRetryableError(error) || attempt >= maxAttempts) throw error;
      // A short randomized pause lets the competing transaction finish first.
      await delay(Math.random() * 10 * attempt);
    }
  }
}
