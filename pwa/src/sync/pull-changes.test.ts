import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { compareHlc, formatHlc, type Hlc } from '#core/sync/hlc';
import type { Change, PullResponse } from '#core/sync/protocol';
import { bulkWritesEnd } from '../db/bulk-writes';
import { readMeta, writeMeta } from '../db/meta';
import { readRecord } from '../db/read-record';
import { countRecords, listRecords } from '../db/record-packs';
import type { UserDb } from '../db/user-db';
import { writeRecord } from '../db/write-record';
import { SyncError } from './errors';
import { PULL_PAGES_PER_WRITE, pullChanges } from './pull-changes';
import { pushOutbox } from './push-outbox';
import { freshDb } from './testing/fixtures';
import { createMemoryPeer, type MemoryPeer } from './testing/memory-peer';
import { seededRandom } from './testing/prng';
import type { SyncTransport } from './transport';

const NOW = Date.UTC(2026, 2, 1, 12);
const now = () => NOW;

/** Another device of the same person: writes, pushes, and is done. */
async function otherDeviceWrites(peer: MemoryPeer, day: string, fields: Record<string, unknown>, atMs: number) {
  const other = await freshDb('other');
  await writeRecord(other, 'exercises', day, fields, atMs);
  await pushOutbox({ db: other, transport: peer.transport(), now: () => atMs, random: seededRandom(9) });
  other.close();
}

async function sync(db: UserDb, peer: MemoryPeer) {
  await pushOutbox({ db, transport: peer.transport(), now, random: seededRandom(1) });
  return pullChanges({ db, transport: peer.transport(), now });
}

function pages(...responses: PullResponse[]): SyncTransport {
  const queue = [...responses];
  return {
    push: () => Promise.reject(new Error('not used')),
    pull: () => {
      const next = queue.shift();
      return next === undefined ? Promise.reject(new Error('no more pages')) : Promise.resolve(next);
    },
  };
}

const clock = (wall: number, node = 'server-side') => formatHlc({ wall, counter: 0, node });

function change(key: string, rev: number): Change {
  return { table: 'exercises', key, values: { gratitude: true }, clocks: { gratitude: clock(NOW) }, deleted: false, rev };
}

/** Page `index` (from 1) of `count`, two days each, as the server would send it after cursor 2 × (index - 1). */
function pageOf(index: number, count: number): PullResponse {
  const day = (n: number) => `2026-04-${String(n).padStart(2, '0')}`;
  return {
    changes: [change(day(2 * index - 1), 2 * index - 1), change(day(2 * index), 2 * index)],
    cursor: 2 * index,
    hasMore: index < count,
    reset: false,
    lastAppliedSeq: null,
    serverTime: NOW,
  };
}

/** A reply the test hands out when it chooses. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/**
 * The read-write transactions opened while `run` runs, in order, on connections opened after it
 * started (Dexie binds a connection's transaction() when it opens).
 */
async function watchTransactions<T>(run: (log: string[], opened: readonly IDBTransaction[]) => Promise<T>) {
  // Read with Reflect: the original is only ever called with its database as `this`.
  const original = Reflect.get(IDBDatabase.prototype, 'transaction') as (
    this: IDBDatabase,
    ...args: Parameters<IDBDatabase['transaction']>
  ) => IDBTransaction;
  const opened: IDBTransaction[] = [];
  const log: string[] = [];
  const spy = vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args) {
    const transaction = original.apply(this, args);
    if (transaction.mode === 'readwrite') {
      opened.push(transaction);
      transaction.addEventListener('complete', () => log.push(`commit ${[...transaction.objectStoreNames].join(',')}`));
    }
    return transaction;
  });
  try {
    const result = await run(log, opened);
    return { result, opened, log };
  } finally {
    spy.mockRestore();
  }
}

const PULL_STORES = 'meta,outbox,packs';

describe('pullChanges', () => {
  it('pulls page after page until the server has no more, moving the cursor with each', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']) {
      await otherDeviceWrites(peer, day, { gratitude: true }, NOW);
    }

    const pulled = await pullChanges({ db, transport: peer.transport(), now, pageSize: 2 });

    expect(pulled).toBe(5);
    expect(peer.log.pulls.map((query) => query.cursor)).toEqual([0, 2, 4]);
    expect(await readMeta(db, 'cursor')).toBe(5);
    expect(await countRecords(db, 'exercises')).toBe(5);
    expect(await readMeta(db, 'lastSyncedAt')).toBe(NOW);
  });

  it('goes on after a page cut short by the byte bound (one change, far below the row limit)', async () => {
    const db = await freshDb();
    const long = 'x'.repeat(20_000);
    const day = (n: number) => `2026-05-0${n}`;
    const longDay = (n: number): Change => ({ ...change(day(n), n), values: { gratitudeOne: long }, clocks: { gratitudeOne: clock(NOW) } });
    const asked: number[] = [];
    const replies = [
      { changes: [longDay(1)], cursor: 1, hasMore: true },
      { changes: [longDay(2), longDay(3)], cursor: 3, hasMore: true },
      { changes: [longDay(4)], cursor: 4, hasMore: false },
    ];
    const transport: SyncTransport = {
      push: () => Promise.reject(new Error('not used')),
      pull: (query) => {
        asked.push(query.cursor);
        const next = replies.shift();
        if (next === undefined) return Promise.reject(new Error('no more pages'));
        return Promise.resolve({ ...next, reset: false, lastAppliedSeq: null, serverTime: NOW });
      },
    };

    expect(await pullChanges({ db, transport, now })).toBe(4);
    expect(asked).toEqual([0, 1, 3]);
    expect(await readMeta(db, 'cursor')).toBe(4);
    expect((await listRecords(db, 'exercises')).map((row) => [row.key, row.values.gratitudeOne])).toEqual(
      [1, 2, 3, 4].map((n) => [day(n), long]),
    );
  });

  it('stores a page and its cursor together or not at all', async () => {
    const db = await freshDb();
    await writeMeta(db, 'cursor', 7);
    // A value IndexedDB cannot store: the second put of the page fails, as on a full disk.
    const transport = pages({
      changes: [change('2026-03-01', 8), { ...change('2026-03-02', 9), values: { gratitude: () => true } }],
      cursor: 9,
      hasMore: false,
      reset: false,
      lastAppliedSeq: null,
      serverTime: NOW,
    });

    await expect(pullChanges({ db, transport, now })).rejects.toThrow();

    expect(await readMeta(db, 'cursor')).toBe(7);
    expect(await countRecords(db, 'exercises')).toBe(0);
  });

  it('keeps a pending local write over an older pulled value, and the server agrees', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    await otherDeviceWrites(peer, '2026-03-01', { gratitudeOne: 'older elsewhere', mortality: true }, NOW - 60_000);
    await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'mine, newer' }, NOW);

    await pullChanges({ db, transport: peer.transport(), now });

    expect((await readRecord(db, 'exercises', '2026-03-01'))?.values).toEqual({
      gratitudeOne: 'mine, newer',
      mortality: true,
    });
    expect(await db.outbox.count()).toBe(1);
    await sync(db, peer);
    expect(peer.snapshot().get('exercises/2026-03-01')).toEqual({ gratitudeOne: 'mine, newer', mortality: true });
  });

  it('gives way to a newer pulled value, and the server agrees', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'mine, older' }, NOW);
    await otherDeviceWrites(peer, '2026-03-01', { gratitudeOne: 'newer elsewhere' }, NOW + 60_000);

    await pullChanges({ db, transport: peer.transport(), now });

    expect((await readRecord(db, 'exercises', '2026-03-01'))?.values.gratitudeOne).toBe('newer elsewhere');
    await sync(db, peer);
    expect(peer.snapshot().get('exercises/2026-03-01')).toEqual({ gratitudeOne: 'newer elsewhere' });
    expect((await readRecord(db, 'exercises', '2026-03-01'))?.values.gratitudeOne).toBe('newer elsewhere');
  });

  it('moves the clock past every pulled clock, so an edit after a pull wins', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    // The other device's clock runs an hour ahead and its offset correction has not kicked in.
    await otherDeviceWrites(peer, '2026-03-01', { gratitudeOne: 'from the future' }, NOW + 3_600_000);
    await pullChanges({ db, transport: peer.transport(), now });

    const row = await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'edited after' }, NOW);
    const shown = (await readRecord(db, 'exercises', '2026-03-01'))?.values.gratitudeOne;
    expect(shown).toBe('edited after');
    const [latest] = peer.log.pushes.at(-1)?.mutations ?? [];
    expect(compareHlc(row.clocks.gratitudeOne as Hlc, latest?.hlc as Hlc)).toBeGreaterThan(0);
  });

  it('removes a deleted record but keeps writes still pending for it', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    await otherDeviceWrites(peer, '2026-03-01', { gratitudeOne: 'a' }, NOW - 1000);
    await otherDeviceWrites(peer, '2026-03-02', { gratitudeOne: 'b' }, NOW - 1000);
    await sync(db, peer);
    peer.deleteRecord('exercises', '2026-03-01');
    peer.deleteRecord('exercises', '2026-03-02');
    await writeRecord(db, 'exercises', '2026-03-02', { mortality: true }, NOW);

    await pullChanges({ db, transport: peer.transport(), now });

    expect(await readRecord(db, 'exercises', '2026-03-01')).toBeNull();
    expect((await readRecord(db, 'exercises', '2026-03-02'))?.values).toEqual({ mortality: true });
  });

  it('on reset, replaces the local copies from 0 and keeps the outbox', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    await otherDeviceWrites(peer, '2026-03-01', { gratitudeOne: 'kept' }, NOW - 1000);
    await otherDeviceWrites(peer, '2026-03-02', { gratitudeOne: 'deleted later' }, NOW - 1000);
    await sync(db, peer);
    // Elsewhere: a deletion, then the server forgets its tombstone. Only a reset can tell us.
    peer.deleteRecord('exercises', '2026-03-02');
    await otherDeviceWrites(peer, '2026-03-03', { gratitudeOne: 'new' }, NOW - 1000);
    peer.compactTombstones();
    await writeRecord(db, 'exercises', '2026-03-04', { gratitudeOne: 'pending here' }, NOW);

    await pullChanges({ db, transport: peer.transport(), now });

    expect((await listRecords(db, 'exercises')).map((row) => row.key)).toEqual(['2026-03-01', '2026-03-03', '2026-03-04']);
    expect(await db.outbox.count()).toBe(1);
    expect(peer.log.pulls.slice(-2).map((query) => query.cursor)).toEqual([2, 0]);
    expect(await readMeta(db, 'cursor')).toBe(4);
  });

  it('keeps showing the old copies until a reset pull has fetched every page', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
    for (const day of days) await otherDeviceWrites(peer, day, { gratitudeOne: day }, NOW - 1000);
    await sync(db, peer);
    await otherDeviceWrites(peer, '2026-03-05', { gratitudeOne: 'new' }, NOW - 1000);
    peer.compactTombstones();
    // The connection drops after the first page from 0.
    const direct = peer.transport();
    let pulls = 0;
    const flaky: SyncTransport = {
      push: (request) => direct.push(request),
      pull: (query) => {
        pulls += 1;
        return pulls <= 2 ? direct.pull(query) : Promise.reject(new Error('connection lost'));
      },
    };

    await expect(pullChanges({ db, transport: flaky, now, pageSize: 2 })).rejects.toThrow('connection lost');
    expect((await listRecords(db, 'exercises')).map((row) => row.key)).toEqual(days);
    expect(await readMeta(db, 'cursor')).toBe(4);

    await pullChanges({ db, transport: peer.transport(), now, pageSize: 2 });
    expect((await listRecords(db, 'exercises')).map((row) => row.key)).toEqual([...days, '2026-03-05']);
    expect(await readMeta(db, 'cursor')).toBe(5);
  });

  it('stops instead of looping when the server resets a pull from 0 again', async () => {
    const db = await freshDb();
    await writeMeta(db, 'cursor', 7);
    const reset = { changes: [], cursor: 7, hasMore: false, reset: true, lastAppliedSeq: null, serverTime: NOW };
    const firstPage = {
      changes: [{ table: 'exercises' as const, key: '2026-03-01', values: {}, clocks: {}, deleted: false, rev: 2 }],
      cursor: 2,
      hasMore: true,
      reset: false,
      lastAppliedSeq: null,
      serverTime: NOW,
    };
    await expect(pullChanges({ db, transport: pages(reset, firstPage, reset), now })).rejects.toMatchObject({
      code: 'RESET_LOOP',
    });
    expect(await readMeta(db, 'cursor')).toBe(7);
  });

  it('marks every page of a pull from 0 after a reset as full, and no other pull', async () => {
    const db = await freshDb();
    await writeMeta(db, 'cursor', 7);
    const page = (cursor: number, hasMore: boolean) => ({
      changes: [{ table: 'exercises' as const, key: `2026-03-0${String(cursor)}`, values: {}, clocks: {}, deleted: false, rev: cursor }],
      cursor,
      hasMore,
      reset: false,
      lastAppliedSeq: null,
      serverTime: NOW,
    });
    const replies = pages({ changes: [], cursor: 7, hasMore: false, reset: true, lastAppliedSeq: null, serverTime: NOW }, page(1, true), page(2, false));
    const asked: { cursor: number; full?: boolean }[] = [];
    const recording: SyncTransport = {
      push: (request) => replies.push(request),
      pull: (query) => {
        asked.push({ cursor: query.cursor, ...(query.full === undefined ? {} : { full: query.full }) });
        return replies.pull(query);
      },
    };
    await pullChanges({ db, transport: recording, now });
    expect(asked).toEqual([{ cursor: 7 }, { cursor: 0, full: true }, { cursor: 1, full: true }]);
  });

  it('drops outbox entries the server reports as applied, as when a push reply was lost', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    await writeRecord(db, 'exercises', '2026-03-01', { gratitude: true }, NOW);
    const clientId = (await readMeta(db, 'clientId')) ?? '';
    const entries = await db.outbox.toArray();
    peer.push({ clientId, mutations: entries.map(({ seq, table, key, fields, hlc }) => ({ seq, table, key, fields, hlc })) });

    await pullChanges({ db, transport: peer.transport(), now });

    expect(await db.outbox.count()).toBe(0);
  });

  it('asks for the next page before the previous one is written', async () => {
    const db = await freshDb();
    const replies = pages(pageOf(1, 3), pageOf(2, 3), pageOf(3, 3));
    const { log } = await watchTransactions(async (events) => {
      const recording: SyncTransport = {
        push: (request) => replies.push(request),
        pull: (query) => {
          events.push(`pull ${String(query.cursor)}`);
          return replies.pull(query);
        },
      };
      return pullChanges({ db, transport: recording, now });
    });

    expect(log.filter((event) => event.startsWith('pull')).length).toBe(3);
    expect(log.indexOf('pull 2')).toBeLessThan(log.indexOf(`commit ${PULL_STORES}`));
    expect(await readMeta(db, 'cursor')).toBe(6);
    expect(await countRecords(db, 'exercises')).toBe(6);
  });

  it("sends the next request as soon as a reply names its cursor early, and only uses it when the page confirms it", async () => {
    const db = await freshDb();
    const events: string[] = [];
    const bodies = [deferred<PullResponse>(), deferred<PullResponse>(), deferred<PullResponse>(), deferred<PullResponse>()];
    // Page 1 names cursor 2 early, page 2 names 99 but its body says 4: the request for 99 is
    // dropped (answered with an error nobody hears) and 4 asked for.
    const hints = [2, 99, null, null];
    let sent = 0;
    const transport: SyncTransport = {
      push: () => Promise.reject(new Error('not used')),
      pull: (query, hintsFor) => {
        const index = sent;
        sent += 1;
        events.push(`pull ${String(query.cursor)}`);
        const hint = hints[index];
        if (hint !== null && hint !== undefined) queueMicrotask(() => hintsFor?.onNextCursor?.(hint));
        return bodies[index]?.promise ?? Promise.reject(new Error('no more pages'));
      },
    };
    const pulling = pullChanges({ db, transport, now });
    await vi.waitFor(() => expect(events).toEqual(['pull 0', 'pull 2']));
    bodies[0]?.resolve(pageOf(1, 3));
    await vi.waitFor(() => expect(events).toEqual(['pull 0', 'pull 2', 'pull 99']));
    bodies[1]?.resolve(pageOf(2, 3));
    // The page said 4: nothing is asked for until the request for 99 has ended.
    await Promise.resolve();
    expect(events).toEqual(['pull 0', 'pull 2', 'pull 99']);
    bodies[2]?.reject(new Error('dropped'));
    await vi.waitFor(() => expect(events).toEqual(['pull 0', 'pull 2', 'pull 99', 'pull 4']));
    bodies[3]?.resolve(pageOf(3, 3));
    await expect(pulling).resolves.toBe(6);
    expect(await readMeta(db, 'cursor')).toBe(6);
    expect((await listRecords(db, 'exercises')).map((row) => row.key)).toEqual(
      Array.from({ length: 6 }, (_, index) => `2026-04-${String(index + 1).padStart(2, '0')}`),
    );
  });

  it('lets pages that arrive during a write join it, up to PULL_PAGES_PER_WRITE, in cursor order', async () => {
    const db = await freshDb();
    const count = PULL_PAGES_PER_WRITE + 3;
    const replies = pages(...Array.from({ length: count }, (_, index) => pageOf(index + 1, count)));
    const { result, opened } = await watchTransactions(() => pullChanges({ db, transport: replies, now }));

    const writes = opened.filter((transaction) => [...transaction.objectStoreNames].join(',') === PULL_STORES);
    // The replies here come at once, so every write finds the next pages waiting: the first write
    // takes PULL_PAGES_PER_WRITE pages, the second the last 3.
    expect(writes.length).toBe(2);
    expect(result).toBe(2 * count);
    expect(await readMeta(db, 'cursor')).toBe(2 * count);
    expect(await countRecords(db, 'exercises')).toBe(2 * count);
    expect(await readMeta(db, 'lastSyncedAt')).toBe(NOW);
  });

  it('commits pulled pages with relaxed durability and local writes with strict durability', async () => {
    const peer = createMemoryPeer({ now });
    await otherDeviceWrites(peer, '2026-03-01', { gratitude: true }, NOW);
    // Dexie binds a connection's transaction() when it opens, so the watch starts before.
    let beforeSync = 0;
    const { result: db, opened } = await watchTransactions(async (_log, soFar) => {
      const opening = await freshDb();
      await writeRecord(opening, 'exercises', '2026-03-02', { mortality: true }, NOW);
      // A local write uses the same stores as a pull: the pulls are among those opened after it.
      beforeSync = soFar.length;
      await sync(opening, peer);
      return opening;
    });

    const pulls = opened.slice(beforeSync).filter((transaction) => [...transaction.objectStoreNames].join(',') === PULL_STORES);
    const others = opened.filter((transaction) => !pulls.includes(transaction));
    expect(pulls.length).toBe(1);
    expect(pulls.map((transaction) => transaction.durability)).toEqual(['relaxed']);
    // The local write (record + outbox) and the push's acknowledgement.
    expect(others.length).toBeGreaterThanOrEqual(2);
    expect(new Set(others.map((transaction) => transaction.durability))).toEqual(new Set(['strict']));
    expect(await countRecords(db, 'exercises')).toBe(2);
  });

  it('shows pulled records to live queries on the app\'s own connection', async () => {
    const db = await freshDb();
    const seen: number[] = [];
    const subscription = liveQuery(() => countRecords(db, 'exercises')).subscribe((count) => seen.push(count));
    try {
      await pullChanges({ db, transport: pages(pageOf(1, 1)), now });
      // The query that was open during the pull hears of it by itself, on its own schedule.
      await vi.waitFor(
        () => {
          expect(seen.at(-1)).toBe(2);
        },
        { timeout: 15_000 },
      );
    } finally {
      subscription.unsubscribe();
    }
  });

  it('is a bulk write of its database from its start until it ends, whether it succeeds or fails', async () => {
    const db = await freshDb('pull-bulk');
    const seen: boolean[] = [];
    const watching = (responses: (PullResponse | Error)[]): SyncTransport => ({
      push: () => Promise.reject(new Error('not used')),
      pull: () => {
        seen.push(bulkWritesEnd(db.name) !== null);
        const next = responses.shift();
        return next instanceof Error || next === undefined ? Promise.reject(next ?? new Error('no more pages')) : Promise.resolve(next);
      },
    });
    expect(bulkWritesEnd(db.name)).toBeNull();
    await pullChanges({ db, transport: watching([pageOf(1, 2), pageOf(2, 2)]), now });
    expect(bulkWritesEnd(db.name)).toBeNull();
    await expect(pullChanges({ db, transport: watching([new Error('offline')]), now })).rejects.toThrow('offline');
    expect(bulkWritesEnd(db.name)).toBeNull();
    expect(seen).toEqual([true, true, true]);
    db.close();
  });

  it('writes the pages fetched before a failed request, then fails', async () => {
    const db = await freshDb();
    const queue: (() => Promise<PullResponse>)[] = [
      () => Promise.resolve(pageOf(1, 3)),
      () => Promise.resolve(pageOf(2, 3)),
      () => Promise.reject(new SyncError('retryable', 'NETWORK', 'The server could not be reached')),
    ];
    const transport: SyncTransport = {
      push: () => Promise.reject(new Error('not used')),
      pull: () => (queue.shift() ?? (() => Promise.reject(new Error('asked too often'))))(),
    };

    await expect(pullChanges({ db, transport, now })).rejects.toMatchObject({ code: 'NETWORK' });

    expect(await readMeta(db, 'cursor')).toBe(4);
    expect(await countRecords(db, 'exercises')).toBe(4);
    expect(await readMeta(db, 'lastSyncedAt')).toBeUndefined();
  });

  it('stops at a failed write: nothing after it is written and no request outlives the pull', async () => {
    const db = await freshDb();
    await writeMeta(db, 'cursor', 0);
    const broken = { ...pageOf(1, 3), changes: [{ ...change('2026-04-01', 1), values: { gratitude: () => true } }] };
    const replies = pages(broken, pageOf(2, 3), pageOf(3, 3));
    let inFlight = 0;
    const transport: SyncTransport = {
      push: () => Promise.reject(new Error('not used')),
      pull: async (query) => {
        inFlight += 1;
        try {
          return await replies.pull(query);
        } finally {
          inFlight -= 1;
        }
      },
    };

    await expect(pullChanges({ db, transport, now })).rejects.toThrow();

    expect(inFlight).toBe(0);
    expect(await readMeta(db, 'cursor')).toBe(0);
    expect(await countRecords(db, 'exercises')).toBe(0);
  });

  it('writes a page as soon as it arrives when the next one is slow', async () => {
    const db = await freshDb();
    const second = deferred<PullResponse>();
    const queue: (() => Promise<PullResponse>)[] = [() => Promise.resolve(pageOf(1, 2)), () => second.promise];
    const transport: SyncTransport = {
      push: () => Promise.reject(new Error('not used')),
      pull: () => (queue.shift() ?? (() => Promise.reject(new Error('asked too often'))))(),
    };

    const pulling = pullChanges({ db, transport, now });
    // Page 1 is stored with its cursor while page 2 has not arrived.
    await new Promise<void>((resolve) => {
      const subscription = liveQuery(() => readMeta(db, 'cursor')).subscribe((cursor) => {
        if (cursor === 2) {
          subscription.unsubscribe();
          resolve();
        }
      });
    });
    expect(await countRecords(db, 'exercises')).toBe(2);
    second.resolve(pageOf(2, 2));
    await expect(pulling).resolves.toBe(4);
    expect(await readMeta(db, 'cursor')).toBe(4);
  });
});

describe("a new device's first sync", () => {
  it('never lets an older pulled value overwrite what the person wrote while the pull was under way', async () => {
    const db = await freshDb();
    const second = deferred<PullResponse>();
    const queue: (() => Promise<PullResponse>)[] = [() => Promise.resolve(pageOf(1, 2)), () => second.promise];
    const transport: SyncTransport = {
      push: () => Promise.reject(new Error('not used')),
      pull: () => (queue.shift() ?? (() => Promise.reject(new Error('asked too often'))))(),
    };
    const pulling = pullChanges({ db, transport, now });
    await new Promise<void>((resolve) => {
      const subscription = liveQuery(() => readMeta(db, 'cursor')).subscribe((cursor) => {
        if (cursor === 2) {
          subscription.unsubscribe();
          resolve();
        }
      });
    });
    // Page 1 is stored; the person edits a day that page 2 brings in an older version, and one
    // it does not bring at all.
    await writeRecord(db, 'exercises', '2026-04-03', { gratitude: false, gratitudeOne: 'typed during the pull' }, NOW + 1000);
    await writeRecord(db, 'exercises', '2026-04-09', { mortality: true }, NOW + 1000);
    const older = { ...pageOf(2, 2) };
    older.changes = [
      { ...change('2026-04-03', 3), values: { gratitude: true, gratitudeOne: 'older elsewhere', mortality: true }, clocks: { gratitude: clock(NOW - 5000), gratitudeOne: clock(NOW - 5000), mortality: clock(NOW - 5000) } },
      change('2026-04-04', 4),
    ];
    second.resolve(older);
    await pulling;

    expect((await readRecord(db, 'exercises', '2026-04-03'))?.values).toEqual({ gratitude: false, gratitudeOne: 'typed during the pull', mortality: true });
    expect((await readRecord(db, 'exercises', '2026-04-09'))?.values).toEqual({ mortality: true });
    expect((await readRecord(db, 'exercises', '2026-04-04'))?.values).toEqual({ gratitude: true });
    expect((await db.outbox.toArray()).map((entry) => entry.key)).toEqual(['2026-04-03', '2026-04-09']);
  });

  it('resumes an interrupted pull from the cursor it stored, without repeating or skipping a record', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    const days = Array.from({ length: 7 }, (_, index) => `2026-06-0${String(index + 1)}`);
    for (const day of days) await otherDeviceWrites(peer, day, { gratitudeOne: day }, NOW - 1000);
    let requests = 0;
    const direct = peer.transport();
    const cutAfterTwo: SyncTransport = {
      push: (request) => direct.push(request),
      pull: (query) => {
        requests += 1;
        return requests > 2 ? Promise.reject(new SyncError('retryable', 'NETWORK', 'The server could not be reached')) : direct.pull(query);
      },
    };

    await expect(pullChanges({ db, transport: cutAfterTwo, now, pageSize: 2 })).rejects.toMatchObject({ code: 'NETWORK' });
    expect(await readMeta(db, 'cursor')).toBe(4);
    expect(await readMeta(db, 'lastSyncedAt')).toBeUndefined();

    expect(await pullChanges({ db, transport: direct, now, pageSize: 2 })).toBe(3);
    expect(peer.log.pulls.map((query) => query.cursor)).toEqual([0, 2, 4, 6]);
    expect((await listRecords(db, 'exercises')).map((row) => [row.key, row.values.gratitudeOne])).toEqual(days.map((day) => [day, day]));
    expect(await readMeta(db, 'lastSyncedAt')).toBe(NOW);
  });

  it('brings every kind of record, leaves out what was deleted, and keeps a pending write to a deleted record', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    const other = await freshDb('other');
    await writeRecord(other, 'exercises', '2026-07-01', { mortality: true, gratitudeOne: 'kept' }, NOW - 5000);
    await writeRecord(other, 'exercises', '2026-07-02', { gratitudeOne: 'deleted later' }, NOW - 5000);
    await writeRecord(other, 'profiles', 'me', { birthday: '1990-06-15', dayStartMinutes: 240 }, NOW - 5000);
    await writeRecord(other, 'gameProgress', 'me', { state: { level: 3, name: 'river' } }, NOW - 5000);
    await writeRecord(other, 'hnTriage', '41:7', { state: 'done', snoozedUntil: null, triagedAt: NOW - 5000 }, NOW - 5000);
    await writeRecord(other, 'hnTriage', '41:8', { state: 'done', snoozedUntil: null, triagedAt: NOW - 5000 }, NOW - 5000);
    await pushOutbox({ db: other, transport: peer.transport(), now: () => NOW - 5000, random: seededRandom(9) });
    other.close();
    peer.deleteRecord('exercises', '2026-07-02');
    peer.deleteRecord('hnTriage', '41:8');
    // This device, before its first pull, wrote to the day deleted elsewhere.
    await writeRecord(db, 'exercises', '2026-07-02', { gratitude: true }, NOW);

    await pullChanges({ db, transport: peer.transport(), now });

    expect((await readRecord(db, 'exercises', '2026-07-01'))?.values).toEqual({ mortality: true, gratitudeOne: 'kept' });
    expect((await readRecord(db, 'exercises', '2026-07-02'))?.values).toEqual({ gratitude: true });
    expect((await readRecord(db, 'profiles', 'me'))?.values).toEqual({ birthday: '1990-06-15', dayStartMinutes: 240 });
    expect((await readRecord(db, 'gameProgress', 'me'))?.values).toEqual({ state: { level: 3, name: 'river' } });
    expect((await readRecord(db, 'hnTriage', '41:7'))?.values).toEqual({ state: 'done', snoozedUntil: null, triagedAt: NOW - 5000 });
    expect(await readRecord(db, 'hnTriage', '41:8')).toBeNull();
    await sync(db, peer);
    expect(peer.snapshot().get('exercises/2026-07-02')).toEqual({ gratitude: true });
  });
});
