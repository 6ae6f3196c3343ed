import type { Sql } from '../../db/client.ts';
import type { MailConfig } from '../../env.ts';
import { startPeriodicJob } from '../../jobs/periodic.ts';
import type { Logger } from '../../logger.ts';
import { createMailTransport } from '../../providers/mail.ts';
import { runMailJob } from './service.ts';

/** How often an instance looks for mail to send. */
export const MAIL_INTERVAL_MS = 15_000;

export interface MailJob {
  /** The pass made at start. */
  readonly firstRun: Promise<void>;
  /** Stops the timer, waits for a pass under way, then closes the transport. */
  stop(): Promise<void>;
}

/** Runs the send job on this instance: now, then every MAIL_INTERVAL_MS (passes never overlap). */
export function startMailJob({ sql, mail, logger }: { readonly sql: Sql; readonly mail: MailConfig; readonly logger: Logger }): MailJob {
  const transport = createMailTransport(mail);
  const job = startPeriodicJob(
    'mail',
    async () => {
      const result = await runMailJob(
        { sql, transport, onError: (error, mailId) => logger.warn({ err: error, mailId }, 'mail not sent') },
        Date.now(),
      );
      if (result.sent + result.retrying + result.gaveUp > 0) logger.info({ mail: result, via: transport.via }, 'mail pass');
    },
    MAIL_INTERVAL_MS,
    logger,
  );
  return {
    firstRun: job.firstRun,
    async stop() {
      await job.stop();
      transport.close();
    },
  };
}
