import { pino, type Logger } from 'pino';
import type { LogLevel } from './env.ts';

export type { Logger };

/** One JSON logger for the process; request logs are its children (see `http/request-log.ts`). */
export function createLogger(level: LogLevel): Logger {
  return pino({
    level,
    base: { service: 'memento-sync' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password'], censor: '[redacted]' },
  });
}
