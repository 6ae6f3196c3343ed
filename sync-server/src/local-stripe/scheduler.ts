/**
 * When webhook retries run. Product code uses timers; tests use `ManualScheduler` and move time
 * on themselves, so a retry after an hour is tested without waiting an hour (or a second).
 */
export interface ScheduledTask {
  cancel(): void;
}

export interface Scheduler {
  schedule(delayMs: number, task: () => void): ScheduledTask;
}

export const timerScheduler: Scheduler = {
  schedule(delayMs, task) {
    const timer = setTimeout(task, delayMs);
    // Pending retries never keep a process alive on their own.
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

interface Pending {
  readonly due: number;
  readonly order: number;
  readonly task: () => void;
  cancelled: boolean;
}

export class ManualScheduler implements Scheduler {
  private time = 0;
  private order = 0;
  private pending: Pending[] = [];

  schedule(delayMs: number, task: () => void): ScheduledTask {
    const entry: Pending = { due: this.time + delayMs, order: this.order++, task, cancelled: false };
    this.pending.push(entry);
    return { cancel: () => void (entry.cancelled = true) };
  }

  /** Milliseconds until the next task is due, or undefined when nothing waits. */
  nextDelay(): number | undefined {
    const next = this.live()[0];
    return next === undefined ? undefined : Math.max(0, next.due - this.time);
  }

  /** Moves time on by `ms` and runs every task that became due, in order; returns how many ran. */
  advance(ms: number): number {
    this.time += ms;
    let ran = 0;
    for (;;) {
      const next = this.live()[0];
      if (next === undefined || next.due > this.time) return ran;
      this.pending = this.pending.filter((entry) => entry !== next);
      next.task();
      ran++;
    }
  }

  private live(): Pending[] {
    this.pending = this.pending.filter((entry) => !entry.cancelled);
    return [...this.pending].sort((a, b) => a.due - b.due || a.order - b.order);
  }
}
