import type { Logger } from '../logger.ts';

export interface PeriodicJob {
  /** The run made at start. */
  readonly firstRun: Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `task` now and then every `everyMs`. A failure is logged and the task is tried again at
 * the next tick; a tick that comes while a run is still going is skipped, so runs never overlap
 * or pile up. The timer does not keep the process alive.
 */
export function startPeriodicJob(name: string, task: () => Promise<void>, everyMs: number, logger: Logger): PeriodicJob {
  let stopped = false;
  const isStopped = () => stopped;
  let inFlight: Promise<void> | null = null;
  const run = (): Promise<void> => {
    if (inFlight !== null) return inFlight;
    const current = (async () => {
      try {
        await task();
      } catch (error) {
        // A run cut short by the shutdown (the database closing under it) is no failure to report.
        if (!isStopped()) logger.error({ err: error, job: name }, 'periodic job failed');
      } finally {
        inFlight = null;
      }
    })();
    inFlight = current;
    return current;
  };
  const firstRun = run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    firstRun,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}
