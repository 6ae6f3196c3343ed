import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareHlc, type Hlc } from '#core/sync/hlc';
import { EMPTY_STATE, mergeWrite, type FieldState } from '#core/sync/merge';
import type { SyncedTable } from '#core/sync/protocol';
import { readMeta } from '../db/meta';
import { listRecords } from '../db/record-packs';
import type { UserDb } from '../db/user-db';
import { writeRecord } from '../db/write-record';
import { createSyncEngine, type SyncEngine } from './engine';
import { freshDb } from './testing/fixtures';
import { createMemoryPeer } from './testing/memory-peer';
import { pick, seededRandom } from './testing/prng';
import { createSimNetwork, NO_FAULTS, type FaultRates } from './testing/sim-network';

/**
 * Three devices of one person write while going on- and offline, over a network that loses,
 * repeats, delays and reorders messages, with device clocks hours apart (one jumping back), a
 * server that sometimes stops batches early, compacts its history or forgets a device.
 * After everyone is back online and has synced, every device and the server must hold the same
 * records, and every field must hold the value of its newest write: nothing acknowledged is lost.
 */

const FAULTS: FaultRates = { dropRequest: 0.1, dropReply: 0.1, duplicate: 0.1, timeout: 0.1 };
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];
const ROUNDS = 8;
const HOUR = 3_600_000;

interface Device {
  readonly db: UserDb;
  readonly engine: SyncEngine;
  readonly link: { online: boolean };
  /** How far this device's clock is from the server's. */
  readonly clock: { skewMs: number };
}

interface LoggedWrite {
  readonly device: UserDb;
  readonly table: SyncedTable;
  readonly key: string;
  readonly fields: Record<string, unknown>;
  readonly hlc: Hlc;
}

function randomFields(random: () => number, table: SyncedTable): Record<string, unknown> {
  if (table === 'profiles') return { dayStartMinutes: Math.floor(random() * 720) };
  const fields: Record<string, unknown> = {};
  if (random() < 0.5) fields.mortality = random() < 0.5;
  if (random() < 0.5) fields.gratitudeOne = `note ${Math.floor(random() * 1000)}`;
  if (Object.keys(fields).length === 0) fields.gratitude = random() < 0.5;
  return fields;
}

/** What every replica must converge to: each field's newest write, whatever the arrival order. */
function expectedRecords(writes: readonly LoggedWrite[]): Map<string, FieldState['values']> {
  const states = new Map<string, FieldState>();
  for (const write of writes) {
    const id = `${write.table}/${write.key}`;
    states.set(id, mergeWrite(states.get(id) ?? EMPTY_STATE, { fields: write.fields, hlc: write.hlc }).state);
  }
  return new Map([...states].map(([id, state]) => [id, state.values]));
}

async function localRecords(db: UserDb): Promise<Map<string, FieldState['values']>> {
  const records = new Map<string, FieldState['values']>();
  for (const table of ['exercises', 'profiles'] as const) {
    for (const row of await listRecords(db, table)) records.set(`${table}/${row.key}`, row.values);
  }
  return records;
}

/**
 * Mid-run, whatever the network did: a device never shows an older value than its own last
 * write to a field (a pull may replace it only with something newer).
 */
async function expectOwnWritesShown(db: UserDb, writes: readonly LoggedWrite[]): Promise<void> {
  const records = new Map<string, FieldState>();
  for (const table of ['exercises', 'profiles'] as const) {
    for (const row of await listRecords(db, table)) records.set(`${table}/${row.key}`, row);
  }
  for (const write of writes) {
    if (write.device !== db) continue;
    const clocks = records.get(`${write.table}/${write.key}`)?.clocks ?? {};
    for (const field of Object.keys(write.fields)) {
      const shown = clocks[field];
      expect(shown !== undefined && compareHlc(shown, write.hlc) >= 0).toBe(true);
    }
  }
}

async function simulate(seed: number): Promise<void> {
  const random = seededRandom(seed);
  let serverNow = Date.UTC(2026, 2, 1, 12);
  // Now and then the server stops a batch early and acknowledges only part of it.
  const server = { partial: true };
  const peer = createMemoryPeer({
    now: () => serverNow,
    applyLimit: () => (server.partial && random() < 0.2 ? Math.floor(random() * 2) : Infinity),
  });
  const network = createSimNetwork(random, FAULTS);
  const writes: LoggedWrite[] = [];
  const devices: Device[] = [];
  for (let index = 0; index < 3; index += 1) {
    const db = await freshDb(`sim-${seed}`, seed * 10 + index);
    const link = { online: true };
    const clock = { skewMs: Math.round((random() - 0.5) * 24 * HOUR) };
    const engine = createSyncEngine({
      db,
      transport: network.transportFor(peer, () => link.online),
      now: () => serverNow + clock.skewMs,
      random,
      // Each device is its own browser here: no shared lock.
      lock: (task) => task(),
      pushBatchMax: 2,
      pullPageSize: 2,
    });
    devices.push({ db, engine, link, clock });
  }

  const write = async (device: Device) => {
    const table: SyncedTable = random() < 0.2 ? 'profiles' : 'exercises';
    const key = table === 'profiles' ? 'me' : pick(random, DAYS);
    const fields = randomFields(random, table);
    const row = await writeRecord(device.db, table, key, fields, serverNow + device.clock.skewMs);
    const hlc = row.clocks[Object.keys(fields)[0] ?? ''];
    if (hlc === undefined) throw new Error('write without a clock');
    writes.push({ device: device.db, table, key, fields, hlc });
  };

  for (let round = 0; round < ROUNDS; round += 1) {
    for (const device of devices) {
      if (random() < 0.3) device.link.online = !device.link.online;
      // Someone sets their device clock back an hour.
      if (random() < 0.1) device.clock.skewMs -= HOUR;
      const count = Math.floor(random() * 3);
      for (let index = 0; index < count; index += 1) await write(device);
    }
    const syncs = Promise.all(
      devices
        .filter((device) => device.link.online && random() < 0.8)
        .map((device) => device.engine.syncNow().catch(() => undefined)),
    );
    // Writes keep happening while the syncs are under way.
    const during = (async () => {
      for (let index = 0; index < 3; index += 1) {
        await Promise.race([network.whenPending(), syncs]);
        serverNow += Math.floor(random() * 500);
        if (random() < 0.3) await write(pick(random, devices));
      }
    })();
    await network.drive(Promise.all([syncs, during]));
    serverNow += Math.floor(random() * 5_000);
    // Now and then the server compacts its history (devices behind must start over: reset) or
    // is restored from a backup that predates a device (that device continues as a new client).
    if (random() < 0.15) peer.compactTombstones();
    if (random() < 0.1) {
      const clientId = await readMeta(pick(random, devices).db, 'clientId');
      if (clientId !== undefined) peer.forgetClient(clientId);
    }
    for (const device of devices) await expectOwnWritesShown(device.db, writes);
  }

  // Quiescence: the network heals, late messages land, everyone syncs twice in turn.
  network.setFaults(NO_FAULTS);
  server.partial = false;
  while (network.pending() > 0) network.deliverOne();
  for (const device of devices) device.link.online = true;
  for (let pass = 0; pass < 2; pass += 1) {
    for (const device of devices) await network.drive(device.engine.syncNow());
  }

  const expected = expectedRecords(writes);
  expect(peer.snapshot()).toEqual(expected);
  for (const device of devices) {
    expect(await localRecords(device.db)).toEqual(expected);
    expect(await device.db.outbox.count()).toBe(0);
    device.db.close();
  }
}

describe('three devices over a faulty network', () => {
  it('converge to the same records, each field holding its newest write', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        await simulate(seed);
      }),
      { numRuns: 40, seed: 20260301, endOnFailure: true },
    );
  }, 60_000);
});
