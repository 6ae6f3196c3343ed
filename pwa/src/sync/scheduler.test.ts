import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffCeiling, backoffDelay, DEFAULT_BACKOFF } from './backoff';
import { SyncError } from './errors';
import { createSyncScheduler, type SyncSchedulerOptions } from './scheduler';

const START = Date.UTC(2026, 2, 1, 12);

/** An engine whose every sync resolves or rejects as the test says, recording when it ran. */
function scriptedEngine() {
  const calls: number[] = [];
  let outcome: () => Promise<void> = () => Promise.resolve();
  return {
    calls,
    answer: (next: () => Promise<void>) => {
      outcome = next;
    },
    engine: {
      syncNow: () => {
        calls.push(Date.now() - START);
        return outcome().then(() => ({ pushed: 0, pulled: 0 }));
      },
    },
  };
}

function setup(overrides: Partial<SyncSchedulerOptions> = {}) {
  const scripted = scriptedEngine();
  const register = vi.fn(() => Promise.resolve());
  const online = { value: true };
  const scheduler = createSyncScheduler({
    engine: scripted.engine,
    random: () => 0.999_999,
    registerBackgroundSync: register,
    isOnline: () => online.value,
    ...overrides,
  });
  return { ...scripted, register, scheduler, online };
}

const networkDown = () => Promise.reject(new SyncError('retryable', 'NETWORK', 'down'));

describe('backoff', () => {
  it('doubles its ceiling up to the cap and draws below it', () => {
    expect([1, 2, 3, 4, 8, 9, 40].map((failures) => backoffCeiling(failures))).toEqual([
      2_000, 4_000, 8_000, 16_000, 256_000, 300_000, 300_000,
    ]);
    expect(backoffDelay(3, () => 0.5)).toBe(4_000);
    expect(backoffDelay(3, () => 0)).toBe(DEFAULT_BACKOFF.floorMs);
  });
});

describe('the sync scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('syncs on start, then every period while all is well', async () => {
    const { scheduler, calls } = setup({ periodMs: 60_000 });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(calls).toEqual([0, 60_000, 120_000, 180_000]);
    scheduler.stop();
  });

  it('syncs once a second after a burst of writes, and asks for a background sync', async () => {
    const { scheduler, calls, register } = setup({ periodMs: 600_000 });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(10_000);
    scheduler.notifyWrite();
    await vi.advanceTimersByTimeAsync(400);
    scheduler.notifyWrite();
    scheduler.notifyWrite();
    await vi.advanceTimersByTimeAsync(600);
    expect(calls).toEqual([0, 11_000]);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('backs off exponentially after failures and starts over after a success', async () => {
    const { scheduler, calls, answer } = setup({ periodMs: 600_000 });
    answer(networkDown);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 8_000 + 16_000);
    // random() just below 1: each wait is just below its ceiling (2 s, 4 s, 8 s, 16 s).
    const gaps = calls.slice(1).map((at, index) => at - (calls[index] ?? 0));
    expect(gaps.map((gap) => Math.round(gap / 1000))).toEqual([2, 4, 8, 16]);
    expect(scheduler.failures()).toBe(5);

    answer(() => Promise.resolve());
    await vi.advanceTimersByTimeAsync(32_000);
    expect(scheduler.failures()).toBe(0);

    answer(networkDown);
    await scheduler.syncNow();
    const before = calls.length;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls.length).toBe(before + 1);
    scheduler.stop();
  });

  it('never waits longer than the cap', async () => {
    const { scheduler, calls, answer } = setup({ periodMs: 600_000 });
    answer(networkDown);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    const gaps = calls.slice(1).map((at, index) => at - (calls[index] ?? 0));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(DEFAULT_BACKOFF.capMs);
    expect(gaps.at(-1)).toBeGreaterThan(DEFAULT_BACKOFF.capMs - 1_000);
    scheduler.stop();
  });

  it('waits the longest after a refused request and honours Retry-After', async () => {
    const { scheduler, calls, answer } = setup({ periodMs: 600_000 });
    answer(() => Promise.reject(new SyncError('fatal', 'FORBIDDEN', 'no')));
    scheduler.start();
    await vi.advanceTimersByTimeAsync(DEFAULT_BACKOFF.capMs - 1);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);

    answer(() => Promise.reject(new SyncError('retryable', 'RATE_LIMITED', 'slow down', { retryAfterMs: 90_000 })));
    await vi.advanceTimersByTimeAsync(DEFAULT_BACKOFF.capMs);
    const last = calls.at(-1) ?? 0;
    await vi.advanceTimersByTimeAsync(89_999);
    expect(calls.at(-1)).toBe(last);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.at(-1)).toBe(last + 90_000);
    scheduler.stop();
  });

  it('stops and reports when the server no longer accepts the token', async () => {
    const onSignedOut = vi.fn();
    const { scheduler, calls, answer } = setup({ onSignedOut });
    answer(() => Promise.reject(new SyncError('auth', 'INVALID_TOKEN', 'expired')));
    scheduler.start();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(calls).toEqual([0]);
    expect(onSignedOut).toHaveBeenCalledWith(expect.objectContaining({ code: 'INVALID_TOKEN' }));
  });

  it('waits for the network instead of failing while offline, and syncs when it returns', async () => {
    const { scheduler, calls, online } = setup({ periodMs: 600_000 });
    online.value = false;
    scheduler.start();
    scheduler.notifyWrite();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([]);
    expect(scheduler.failures()).toBe(0);

    online.value = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([60_000]);
    scheduler.stop();
  });

  it('syncs when the tab becomes visible, and skips the periodic sync while hidden', async () => {
    const visibility = { state: 'visible' as DocumentVisibilityState };
    const doc = {
      addEventListener: document.addEventListener.bind(document),
      removeEventListener: document.removeEventListener.bind(document),
      get visibilityState() {
        return visibility.state;
      },
    };
    const { scheduler, calls } = setup({ periodMs: 60_000, doc });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    visibility.state = 'hidden';
    await vi.advanceTimersByTimeAsync(150_000);
    expect(calls).toEqual([0]);

    visibility.state = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([0, 150_000]);
    scheduler.stop();
  });

  it('does nothing after stop', async () => {
    const { scheduler, calls } = setup({ periodMs: 60_000 });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    scheduler.stop();
    scheduler.notifyWrite();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toEqual([0]);
  });
});
