import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { readMeta } from '../db/meta';
import { writeRecord } from '../db/write-record';
import { createSyncEngine, type SyncEvent } from './engine';
import { SyncError } from './errors';
import { webSyncLock } from './lock';
import { freshDb, secondTab } from './testing/fixtures';
import { createMemoryPeer } from './testing/memory-peer';
import { seededRandom } from './testing/prng';
import type { SyncTransport } from './transport';

const NOW = Date.UTC(2026, 2, 1, 12);

/** A LockManager that grants one holder per name at a time, in request order. */
function installFakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const requested: string[] = [];
  const locks = {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      requested.push(name);
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(() => callback());
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return requested;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
});

describe('createSyncEngine', () => {
  it('pushes, then pulls, and reports both', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now: () => NOW });
    await writeRecord(db, 'exercises', '2026-03-01', { gratitude: true }, NOW);
    const events: SyncEvent['type'][] = [];
    const engine = createSyncEngine({ db, transport: peer.transport(), now: () => NOW });
    engine.subscribe((event) => events.push(event.type));

    await expect(engine.syncNow()).resolves.toEqual({ pushed: 1, pulled: 1 });
    expect(events).toEqual(['start', 'success']);
    expect(await readMeta(db, 'lastSyncedAt')).toBe(NOW);
  });

  it('learns the server offset from the midpoint of each exchange', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now: () => NOW + 86_400_000 });
    // The device clock is a day behind; each exchange takes 200 ms of device time.
    let device = NOW - 100;
    const engine = createSyncEngine({
      db,
      transport: peer.transport(),
      now: () => {
        device += 100;
        return device;
      },
    });
    await engine.syncNow();
    // sent at NOW + 0, received at NOW + 100: midpoint NOW + 50.
    expect(await readMeta(db, 'serverOffsetMs')).toBe(86_400_000 - 50);
  });

  it('reports a failure as a SyncError and rejects', async () => {
    const db = await freshDb();
    await writeRecord(db, 'exercises', '2026-03-01', { gratitude: true }, NOW);
    const transport: SyncTransport = {
      push: () => Promise.reject(new SyncError('auth', 'INVALID_TOKEN', 'expired')),
      pull: () => Promise.reject(new Error('not reached')),
    };
    const events: SyncEvent[] = [];
    const engine = createSyncEngine({ db, transport, now: () => NOW });
    engine.subscribe((event) => events.push(event));

    await expect(engine.syncNow()).rejects.toMatchObject({ kind: 'auth', code: 'INVALID_TOKEN' });
    expect(events.at(-1)).toMatchObject({ type: 'failure', error: { kind: 'auth' } });
    expect(await db.outbox.count()).toBe(1);
  });

  it('folds any number of requests made during a sync into one more run', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now: () => NOW });
    const engine = createSyncEngine({ db, transport: peer.transport(), now: () => NOW });
    let starts = 0;
    engine.subscribe((event) => {
      if (event.type === 'start') starts += 1;
    });

    const first = engine.syncNow();
    await writeRecord(db, 'exercises', '2026-03-01', { gratitude: true }, NOW);
    const [second, third] = [engine.syncNow(), engine.syncNow()];
    expect(second).toBe(third);
    await Promise.all([first, second, third]);

    expect(starts).toBe(2);
    // The write made during the first run was pushed by the second.
    expect(await db.outbox.count()).toBe(0);
    expect(peer.snapshot().size).toBe(1);
  });

  it('lets only one tab sync at a time', async () => {
    const requested = installFakeLocks();
    const db = await freshDb();
    const other = await secondTab(db);
    const peer = createMemoryPeer({ now: () => NOW });
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-03']) {
      await writeRecord(db, 'exercises', day, { gratitude: true }, NOW);
    }
    const log: string[] = [];
    const tabs = [
      { name: 'A', db },
      { name: 'B', db: other },
    ].map(({ name, db: tabDb }) => {
      const direct = peer.transport();
      const transport: SyncTransport = {
        push: (request) => {
          log.push(`${name}:push`);
          return direct.push(request);
        },
        pull: (query) => {
          log.push(`${name}:pull`);
          return direct.pull(query);
        },
      };
      const engine = createSyncEngine({ db: tabDb, transport, now: () => NOW, pushBatchMax: 1 });
      engine.subscribe((event) => {
        if (event.type !== 'failure') log.push(`${name}:${event.type}`);
      });
      return engine;
    });

    await Promise.all(tabs.map((engine) => engine.syncNow()));

    expect(requested).toEqual(['memento-sync', 'memento-sync']);
    // B waited for A's whole sync, and found nothing left to push.
    expect(log).toEqual(['A:start', 'A:push', 'A:push', 'A:push', 'A:pull', 'A:success', 'B:start', 'B:pull', 'B:success']);
    expect(peer.log.pushes.flatMap((push) => push.mutations.map((mutation) => mutation.seq))).toEqual([1, 2, 3]);
    other.close();
  });

  it('runs without a lock where the browser has no Web Locks', async () => {
    expect('locks' in navigator).toBe(false);
    await expect(webSyncLock(() => Promise.resolve('ran'))).resolves.toBe('ran');
  });

  it('tolerates a random failure rate without losing queued writes', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now: () => NOW });
    const random = seededRandom(7);
    const direct = peer.transport();
    const flaky: SyncTransport = {
      push: (request) =>
        random() < 0.5 ? Promise.reject(new SyncError('retryable', 'NETWORK', 'flaky')) : direct.push(request),
      pull: (query) =>
        random() < 0.5 ? Promise.reject(new SyncError('retryable', 'NETWORK', 'flaky')) : direct.pull(query),
    };
    const engine = createSyncEngine({ db, transport: flaky, now: () => NOW, pushBatchMax: 2 });
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
    for (const day of days) await writeRecord(db, 'exercises', day, { gratitude: true }, NOW);

    let attempts = 0;
    for (;;) {
      attempts += 1;
      try {
        await engine.syncNow();
        break;
      } catch (error) {
        expect(error).toBeInstanceOf(SyncError);
      }
    }
    expect(attempts).toBeGreaterThan(1);
    expect([...peer.snapshot().keys()].sort()).toEqual(days.map((day) => `exercises/${day}`));
  });
});
