import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PushRequest, PushResponse } from '#core/sync/protocol';
import { compareHlc, hlcWall, type Hlc } from '#core/sync/hlc';
import { stampLocalWrite } from '../db/clock-state';
import { readRecord } from '../db/read-record';
import { readMeta } from '../db/meta';
import { countRecords } from '../db/record-packs';
import type { UserDb } from '../db/user-db';
import { writeRecord } from '../db/write-record';
import { SyncError } from './errors';
import { pullChanges } from './pull-changes';
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

  describe('a device clock that ran more than 48 h ahead', () => {
    const DAY = 86_400_000;
    const text = async (db: UserDb, day: string) => (await readRecord(db, 'exercises', day))?.values.gratitudeOne;

    it('sends the refused write again at the server’s time, and takes the writes after it', async () => {
      const db = await freshDb();
      const peer = createMemoryPeer({ now });
      await writeDays(db, ['2026-02-28']);
      await pushOutbox({ db, transport: peer.transport(), now, random: seededRandom(1) });

      // The phone's date jumps three days ahead; the person writes, then syncs.
      const ahead = () => NOW + 3 * DAY;
      await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'Written while the clock was wrong' }, ahead());
      expect(await pushOutbox({ db, transport: peer.transport(), now: ahead, random: seededRandom(1) })).toBe(2);

      expect(peer.snapshot().get('exercises/2026-03-01')).toEqual({ gratitudeOne: 'Written while the clock was wrong' });
      expect(await db.outbox.count()).toBe(0);
      // Nothing for the person to act on: the write got through.
      expect(await readMeta(db, 'lastRejection')).toBeUndefined();
      // The device and the server hold the same clock for the field.
      const [pulled] = peer.pull({ cursor: 0, limit: 10 }).changes.filter((change) => change.key === '2026-03-01');
      expect((await readRecord(db, 'exercises', '2026-03-01'))?.clocks).toEqual(pulled?.clocks);

      // Later writes, the clock still wrong or put right, are taken at once.
      await writeRecord(db, 'exercises', '2026-03-01', { gratitudeTwo: 'Still ahead' }, ahead());
      await writeRecord(db, 'exercises', '2026-03-01', { gratitudeThree: 'Clock put right' }, NOW + 60_000);
      expect(await pushOutbox({ db, transport: peer.transport(), now, random: seededRandom(1) })).toBe(2);
      expect(peer.snapshot().get('exercises/2026-03-01')).toEqual({
        gratitudeOne: 'Written while the clock was wrong',
        gratitudeTwo: 'Still ahead',
        gratitudeThree: 'Clock put right',
      });
      expect(await text(db, '2026-03-01')).toBe('Written while the clock was wrong');
    });

    it('sends only the newest of two refused writes of one field', async () => {
      const db = await freshDb();
      const peer = createMemoryPeer({ now });
      const ahead = () => NOW + 3 * DAY;
      await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'First words' }, ahead());
      await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'Second words', gratitudeTwo: 'Tea' }, ahead());

      await pushOutbox({ db, transport: peer.transport(), now: ahead, random: seededRandom(1) });

      expect(peer.snapshot().get('exercises/2026-03-01')).toEqual({ gratitudeOne: 'Second words', gratitudeTwo: 'Tea' });
      expect(peer.log.pushes.at(-1)?.mutations.map((mutation) => mutation.fields)).toEqual([{ gratitudeOne: 'Second words', gratitudeTwo: 'Tea' }]);
      expect(await db.outbox.count()).toBe(0);
    });

    it('stamps the writes still waiting again too, so a new write of their fields is not lost to them here', async () => {
      const db = await freshDb();
      const peer = createMemoryPeer({ now });
      const ahead = () => NOW + 3 * DAY;
      await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'One' }, ahead());
      await writeRecord(db, 'exercises', '2026-03-01', { gratitudeTwo: 'Two, first try' }, ahead());
      // The first batch (one write) is refused; the connection drops before the second is sent.
      const direct = peer.transport();
      let pushes = 0;
      const transport = pushOnly(async (request) => {
        pushes += 1;
        if (pushes > 1) throw new SyncError('retryable', 'NETWORK', 'offline');
        return direct.push(request);
      });
      await expect(pushOutbox({ db, transport, now: ahead, random: seededRandom(1), batchMax: 1 })).rejects.toThrow('offline');

      // Offline, the person rewrites the second text; the clock is back at the server's time now.
      await writeRecord(db, 'exercises', '2026-03-01', { gratitudeTwo: 'Two, second try' }, ahead());
      expect((await readRecord(db, 'exercises', '2026-03-01'))?.values.gratitudeTwo).toBe('Two, second try');

      await pushOutbox({ db, transport: direct, now: ahead, random: seededRandom(1) });
      expect(peer.snapshot().get('exercises/2026-03-01')).toEqual({ gratitudeOne: 'One', gratitudeTwo: 'Two, second try' });
      expect(await db.outbox.count()).toBe(0);
    });

    it('goes back no further than a clock the server has taken, so a later edit still wins over it', async () => {
      const db = await freshDb();
      const peer = createMemoryPeer({ now });
      await writeDays(db, ['2026-02-28']);
      await pushOutbox({ db, transport: peer.transport(), now, random: seededRandom(1) });
      // Another device, 30 h ahead (within what the server takes), wrote the same field; this device saw it.
      const other = await freshDb('other', 2);
      await writeRecord(other, 'exercises', '2026-03-01', { gratitudeOne: 'Theirs' }, NOW + 30 * 3_600_000);
      await pushOutbox({ db: other, transport: peer.transport(), now, random: seededRandom(2) });
      await pullChanges({ db, transport: peer.transport(), now });
      const elsewhere = (await readRecord(db, 'exercises', '2026-03-01'))?.clocks.gratitudeOne ?? ('' as Hlc);
      expect(hlcWall(elsewhere)).toBe(NOW + 30 * 3_600_000);

      const ahead = () => NOW + 3 * DAY;
      await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'Mine, written after' }, ahead());
      await pushOutbox({ db, transport: peer.transport(), now: ahead, random: seededRandom(1) });

      const sent = (await readRecord(db, 'exercises', '2026-03-01'))?.clocks.gratitudeOne ?? ('' as Hlc);
      expect(compareHlc(sent, elsewhere)).toBe(1);
      expect(hlcWall(sent)).toBe(NOW + 30 * 3_600_000);
      expect(peer.snapshot().get('exercises/2026-03-01')).toEqual({ gratitudeOne: 'Mine, written after' });
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
