import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('work that can wait for a spare moment', () => {
  it('runs in the browser’s idle callback, with a deadline, and can be called off', () => {
    const callbacks: { run: () => void; timeout: number | undefined }[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => callbacks.push({ run, timeout: options?.timeout }));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
    const task = vi.fn();
    const cancel = whenIdle(task, 500);
    expect(task).not.toHaveBeenCalled();
    expect(callbacks[0]?.timeout).toBe(500);
    callbacks[0]?.run();
    expect(task).toHaveBeenCalledOnce();
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('without idle callbacks, runs in a task of its own, not the caller’s', async () => {
    expect('requestIdleCallback' in window).toBe(false);
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(task).toHaveBeenCalledOnce();
    const never = vi.fn();
    whenIdle(never)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(never).not.toHaveBeenCalled();
  });
});
