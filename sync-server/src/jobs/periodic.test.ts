import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.ts';
import { startPeriodicJob } from './periodic.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('startPeriodicJob', () => {
  it('runs at once and at every tick, goes on after a failure (logged), and stops', async () => {
    vi.useFakeTimers();
    const logger = createLogger('silent');
    const logged = vi.spyOn(logger, 'error');
    let runs = 0;
    const job = startPeriodicJob(
      'test',
      () => {
        runs += 1;
        return runs === 2 ? Promise.reject(new Error('database away')) : Promise.resolve();
      },
      1_000,
      logger,
    );
    await job.firstRun;
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(3);
    expect(logged).toHaveBeenCalledOnce();
    await job.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(3);
  });

  it('never starts a run while the previous one is still going', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    const job = startPeriodicJob(
      'slow',
      async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        running -= 1;
      },
      1_000,
      createLogger('silent'),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    const stopping = job.stop();
    await vi.advanceTimersByTimeAsync(2_500);
    await stopping;
    expect(most).toBe(1);
    expect(running).toBe(0);
  });
});
