import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { compareHlc, formatHlc, type Hlc } from '#core/sync/hlc';
import type { PullResponse } from '#core/sync/protocol';
import { readMeta, writeMeta } from '../db/meta';
import { readRecord } from '../db/read-record';
import type { UserDb } from '../db/user-db';
import { writeRecord } from '../db/write-record';
import { pullChanges } from './pull-changes';
import { pushOutbox } from './push-outbox';
import { freshDb } from './test/fixtures';
import { createMemoryPeer, type MemoryPeer } from './test/memory-peer';
import { seededRandom } from './test/prng';
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
    expect(await db.exercises.count()).toBe(5);
    expect(await readMeta(db, 'lastSyncedAt')).toBe(NOW);
  });

  it('stores a page and its cursor together or not at all', async () => {
    const db = await freshDb();
    await writeMeta(db, 'cursor', 7);
    const change = (key: string, rev: number) => ({
      table: 'exercises' as const,
      key,
      values: { gratitude: true },
      clocks: { gratitude: clock(NOW) },
      deleted: false,
      rev,
    });
    let created = 0;
    db.exercises.hook('creating', () => {
      created += 1;
      if (created === 2) throw new Error('quota exceeded');
    });
    const transport = pages({
      changes: [change('2026-03-01', 8), change('2026-03-02', 9)],
      cursor: 9,
      hasMore: false,
      reset: false,
      lastAppliedSeq: null,
      serverTime: NOW,
    });

    await expect(pullChanges({ db, transport, now })).rejects.toThrow('quota exceeded');

    expect(await readMeta(db, 'cursor')).toBe(7);
    expect(await db.exercises.count()).toBe(0);
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

    expect((await db.exercises.toArray()).map((row) => row.key)).toEqual(['2026-03-01', '2026-03-03', '2026-03-04']);
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
    expect((await db.exercises.toArray()).map((row) => row.key)).toEqual(days);
    expect(await readMeta(db, 'cursor')).toBe(4);

    await pullChanges({ db, transport: peer.transport(), now, pageSize: 2 });
    expect((await db.exercises.toArray()).map((row) => row.key)).toEqual([...days, '2026-03-05']);
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
});
