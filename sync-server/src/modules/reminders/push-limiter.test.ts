import { describe, expect, it } from 'vitest';
import { createPushLimiter } from './push-limiter.ts';

/** A task that runs until the test lets it finish. */
function gate() {
  let open: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { done, open: () => open() };
}

describe('createPushLimiter', () => {
  it('runs at most perKey for one key and total in all, starting a waiting task as soon as its key has room', async () => {
    const limiter = createPushLimiter({ total: 3, perKey: 2 });
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const task = (name: string) => () => {
      started.push(name);
      const g = gate();
      gates.set(name, g);
      return g.done.then(() => name);
    };
    const all = [
      limiter.run('ann', task('ann-1')),
      limiter.run('ann', task('ann-2')),
      limiter.run('ann', task('ann-3')),
      limiter.run('bea', task('bea-1')),
      limiter.run('cid', task('cid-1')),
    ];
    await Promise.resolve();
    // ann-3 waits for ann's share; bea-1 takes the third place before it.
    expect(started).toEqual(['ann-1', 'ann-2', 'bea-1']);
    gates.get('bea-1')?.open();
    await all[3];
    expect(started).toEqual(['ann-1', 'ann-2', 'bea-1', 'cid-1']);
    gates.get('ann-1')?.open();
    await all[0];
    expect(started.at(-1)).toBe('ann-3');
    for (const g of gates.values()) g.open();
    expect(await Promise.all(all)).toEqual(['ann-1', 'ann-2', 'ann-3', 'bea-1', 'cid-1']);
  });

  it('passes a failure through and frees the place', async () => {
    const limiter = createPushLimiter({ total: 1, perKey: 1 });
    await expect(limiter.run('ann', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run('ann', () => Promise.resolve('next'))).toBe('next');
  });
});
