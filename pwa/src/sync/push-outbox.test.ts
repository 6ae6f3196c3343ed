import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PushRequest, PushResponse } from '#core/sync/protocol';
import { stampLocalWrite } from '../db/clock-state';
import { readMeta } from '../db/meta';
import { countRecords } from '../db/record-packs';
import type { UserDb } from '../db/user-db';
import { writeRecord } from '../db/write-record';
import { SyncError } from './errors';
import { pushOutbox } from './push-outbox';
import { freshDb } from './testing/fixtures';
import { createMemoryPeer } from './testing/memory-peer';
import { seededRandom } from './testing/prng';
import type { SyncTransport } from './transport';

const NOW = Date.UTC(2026, 2, 1, 12);
const now = () => NOW;

async function writeDays(db: UserDb, days: readonly string[]) {
  for (const day of days) await writeRecord(db, 'exercises', day, { gratitude: true }, NOW);
}

async function queuedSeqs(db: UserDb) {
  return (await db.outbox.orderBy('seq').toArray()).map((entry) => entry.seq);
}

/** A transport around `push` that pulls nothing. */
function pushOnly(push: (request: PushRequest) => Promise<PushResponse>): SyncTransport {
  return {
    push,
    pull: () => Promise.reject(new Error('not used')),
  };
}

describe('pushOutbox', () => {
  it('pushes in seq order in batches and empties the queue', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    await writeDays(db, ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);

    const pushed = await pushOutbox({ db, transport: peer.transport(), now, random: seededRandom(1), batchMax: 2 });

    expect(pushed).toBe(5);
    expect(peer.log.pushes.map((push) => push.mutations.map((mutation) => mutation.seq))).toEqual([[1, 2], [3, 4], [5]]);
    expect(await db.outbox.count()).toBe(0);
    expect(peer.snapshot().size).toBe(5);
  });

  it('deletes only what the server acknowledged and keeps the rest for later', async () => {
    const db = await freshDb();
    await writeDays(db, ['2026-03-01', '2026-03-02', '2026-03-03']);
    let calls = 0;
    const transport = pushOnly(() => {
      calls += 1;
      if (calls === 1) return Promise.resolve({ lastAppliedSeq: 2, rejected: [], serverTime: NOW });
      return Promise.reject(new SyncError('retryable', 'NETWORK', 'offline'));
    });

    await expect(pushOutbox({ db, transport, now, random: seededRandom(1) })).rejects.toThrow('offline');

    expect(await queuedSeqs(db)).toEqual([3]);
    // The record itself stays as written: acknowledging only touches the queue.
    expect(await countRecords(db, 'exercises')).toBe(3);
  });

  it('records a refused write for the person and still removes it, so the queue moves on', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    await writeDays(db, ['2026-03-01']);
    // A write an older app version let through: the server refuses its key.
    await db.transaction('rw', db.outbox, db.meta, async () => {
      const clientId = (await readMeta(db, 'clientId')) ?? '';
      const { seq, hlc } = await stampLocalWrite(db, clientId, NOW);
      await db.outbox.add({ seq, table: 'exercises', key: 'yesterday', fields: { gratitude: true }, hlc });
    });
    await writeDays(db, ['2026-03-02']);

    await pushOutbox({ db, transport: peer.transport(), now, random: seededRandom(1) });

    expect(await db.outbox.count()).toBe(0);
    expect([...peer.snapshot().keys()].sort()).toEqual(['exercises/2026-03-01', 'exercises/2026-03-02']);
    expect(await readMeta(db, 'lastRejection')).toEqual({
      seq: 2,
      table: 'exercises',
      key: 'yesterday',
      reason: 'INVALID_KEY',
      message: 'Not a valid key for exercises: yesterday',
      at: NOW,
    });
  });

  it('acknowledges a repeated push without applying it twice', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    await writeDays(db, ['2026-03-01', '2026-03-02']);
    // The first reply is lost after the server applied the push.
    let lose = true;
    const direct = peer.transport();
    const transport = pushOnly(async (request) => {
      const reply = await direct.push(request);
      if (!lose) return reply;
      lose = false;
      throw new SyncError('retryable', 'NETWORK', 'reply lost');
    });

    await expect(pushOutbox({ db, transport, now, random: seededRandom(1) })).rejects.toThrow('reply lost');
    expect(await db.outbox.count()).toBe(2);
    await pushOutbox({ db, transport, now, random: seededRandom(1) });

    expect(await db.outbox.count()).toBe(0);
    const clientId = (await readMeta(db, 'clientId')) ?? '';
    expect(peer.lastSeq(clientId)).toBe(2);
  });

  it('continues as a new client when the server has lost track of this one', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    await writeDays(db, ['2026-03-01', '2026-03-02']);
    await pushOutbox({ db, transport: peer.transport(), now, random: seededRandom(1) });
    const before = (await readMeta(db, 'clientId')) ?? '';
    peer.forgetClient(before);
    await writeDays(db, ['2026-03-03', '2026-03-04']);

    await pushOutbox({ db, transport: peer.transport(), now, random: seededRandom(2) });

    const after = (await readMeta(db, 'clientId')) ?? '';
    expect(after).not.toBe(before);
    expect(peer.lastSeq(after)).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    expect(peer.snapshot().size).toBe(4);
  });

  it('keeps a batch under the byte budget but always sends at least one write', async () => {
    const db = await freshDb();
    const peer = createMemoryPeer({ now });
    const long = 'x'.repeat(5_000);
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-03']) {
      await writeRecord(db, 'exercises', day, { gratitudeOne: long }, NOW);
    }

    await pushOutbox({ db, transport: peer.transport(), now, random: seededRandom(1), batchBytes: 1_000 });

    expect(peer.log.pushes.map((push) => push.mutations.length)).toEqual([1, 1, 1]);
  });
});
