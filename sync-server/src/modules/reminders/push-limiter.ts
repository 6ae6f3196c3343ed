/**
 * How many pushes run at once: at most `total` in all, and at most `perKey` for one key (one
 * person), so that one person's slow or dead endpoints can fill only part of the pool and everyone
 * else's pushes still start at once. Tasks start in the order given, skipping over a key that has
 * its share running.
 */

export interface PushLimiter {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

export interface PushLimits {
  readonly total: number;
  readonly perKey: number;
}

interface Waiting {
  readonly key: string;
  readonly start: () => void;
}

export function createPushLimiter({ total, perKey }: PushLimits): PushLimiter {
  let active = 0;
  const activeByKey = new Map<string, number>();
  const waiting: Waiting[] = [];

  function pump(): void {
    for (let index = 0; index < waiting.length && active < total; ) {
      const entry = waiting[index];
      if (entry !== undefined && (activeByKey.get(entry.key) ?? 0) < perKey) {
        waiting.splice(index, 1);
        active++;
        activeByKey.set(entry.key, (activeByKey.get(entry.key) ?? 0) + 1);
        entry.start();
      } else {
        index++;
      }
    }
  }

  function release(key: string): void {
    active--;
    const left = (activeByKey.get(key) ?? 1) - 1;
    if (left === 0) activeByKey.delete(key);
    else activeByKey.set(key, left);
    pump();
  }

  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      return new Promise((resolve, reject) => {
        waiting.push({
          key,
          start: () => {
            // The task starts now (a throw becomes a rejection); its place is free before its caller hears.
            new Promise<T>((settle) => settle(task()))
              .finally(() => release(key))
              .then(resolve, reject);
          },
        });
        pump();
      });
    },
  };
}
