import type { Sql } from '../../db/client.ts';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic.ts';
import type { Logger } from '../../logger.ts';
import type { Payments } from '../../providers/stripe.ts';
import { runAutoRefunds } from './booking-service.ts';

/** How often the guarantee's refunds are looked for: a booking is refunded within this of its due time. */
export const AUTO_REFUND_EVERY_MS = 15 * 60 * 1000;

export interface AutoRefundJobDeps {
  readonly sql: Sql;
  readonly payments: Payments;
  readonly publicOrigin: string;
  readonly logger: Logger;
}

/** Runs the automatic refunds now and then every `everyMs`, at the clock's time. */
export function startAutoRefunds(deps: AutoRefundJobDeps, everyMs = AUTO_REFUND_EVERY_MS, clock: () => Date = () => new Date()): PeriodicJob {
  return startPeriodicJob(
    'expert-auto-refunds',
    async () => {
      const result = await runAutoRefunds(deps, clock());
      if (result.refunded + result.failed > 0) deps.logger.info(result, 'expert bookings refunded automatically');
    },
    everyMs,
    deps.logger,
  );
}
