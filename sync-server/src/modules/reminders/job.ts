import type { Sql } from '../../db/client.ts';
import type { PushConfig } from '../../env.ts';
import type { Logger } from '../../logger.ts';
import { createPushSender, DEFAULT_VAPID_SUBJECT, vapidKeysLoader, type PushSender } from '../../providers/push.ts';
import { runDueReminders, type ReminderRunResult } from './service.ts';

/** How often an instance looks for due reminders. */
export const DEFAULT_REMINDER_INTERVAL_MS = 30_000;
/** A reminder not delivered within a few hours is about a moment that has passed. */
export const REMINDER_TTL_SECONDS = 4 * 60 * 60;
/** One reminder replaces another still waiting at the push service. */
export const REMINDER_TOPIC = 'daily-reminder';

export interface ReminderLoop {
  /** Stops the timer and waits for a pass under way to finish. */
  stop(): Promise<void>;
}

export interface ReminderLoopOptions {
  readonly sql: Sql;
  readonly push: PushConfig;
  readonly logger: Logger;
  readonly intervalMs?: number;
  readonly clock?: () => number;
  /** Due reminders taken per pass (DEFAULT_BATCH_SIZE). */
  readonly batchSize?: number;
  /** For tests: a sender instead of the real one. */
  readonly sender?: PushSender;
}

/** The real sender: VAPID keys from the configuration or the database, a TTL of a few hours. */
export async function createReminderSender(sql: Sql, push: PushConfig): Promise<PushSender> {
  const keys = await vapidKeysLoader(sql, push)();
  return createPushSender({
    keys,
    subject: push.subject ?? DEFAULT_VAPID_SUBJECT,
    ttlSeconds: REMINDER_TTL_SECONDS,
    urgency: 'normal',
    topic: REMINDER_TOPIC,
    endpoints: { allowLoopback: push.allowLoopbackEndpoints },
  });
}

/**
 * Runs `runDueReminders` every `intervalMs` on this instance. Passes never overlap on one
 * instance; other instances may run theirs at the same time (the SQL keeps them apart). A failed
 * pass is logged and the next one runs on schedule.
 */
export function startReminderLoop(options: ReminderLoopOptions): ReminderLoop {
  const { sql, logger } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_REMINDER_INTERVAL_MS;
  const clock = options.clock ?? Date.now;
  let sender: Promise<PushSender> | undefined = options.sender ? Promise.resolve(options.sender) : undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const log = (result: ReminderRunResult) => {
    if (result.reminded + result.gone + result.failed + result.replanned > 0) logger.info({ reminders: result }, 'reminder pass');
  };

  async function pass(): Promise<void> {
    try {
      sender ??= createReminderSender(sql, options.push);
      const result = await runDueReminders(
        {
          sql,
          sender: await sender,
          ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
          onError: (error, userId) => logger.error({ err: error, userId }, 'reminder failed'),
        },
        clock(),
      );
      log(result);
    } catch (error) {
      sender = options.sender ? sender : undefined;
      logger.error({ err: error }, 'reminder pass failed');
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
