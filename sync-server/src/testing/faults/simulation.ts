import { isDeepStrictEqual } from 'node:util';
import { Dexie } from 'dexie';
import { parseHlc, type Hlc } from '#core/sync/hlc';
import { EMPTY_STATE, keepNewest, mergeWrite, type FieldState, type KeptText } from '#core/sync/merge';
import { JOURNAL_TEXT_FIELDS } from '#core/schemas/records';
import { SYNCED_TABLES, type SyncedTable } from '#core/sync/protocol';
import { ensureClientId } from '../../../../pwa/src/db/meta.ts';
import { listRecords } from '../../../../pwa/src/db/record-packs.ts';
import { UserDb, type FieldsOf } from '../../../../pwa/src/db/user-db.ts';
import { writeRecord } from '../../../../pwa/src/db/write-record.ts';
import { createSyncEngine, type SyncEngine, type SyncResult } from '../../../../pwa/src/sync/engine.ts';
import { createHttpTransport } from '../../../../pwa/src/sync/http-transport.ts';
import type { SyncLock } from '../../../../pwa/src/sync/lock.ts';
import { pick, seededRandom } from '../../../../pwa/src/sync/testing/prng.ts';
import { columnOf } from '../../modules/sync/record-columns.ts';
import { storedRecords, toChange } from '../../modules/sync/testing/stored-records.ts';
import { createTestUser } from '../users.ts';
import { createFaultyNetwork, NO_FAULTS, type FaultRates, type FaultyNetwork, type Sender } from './faulty-network.ts';
import type { KillableServer } from './killable-server.ts';

/**
 * One seeded run of the fault simulation: 3-5 real client engines (the PWA's sync code over
 * fake-indexeddb) of one person write records and sync with the real server through a faulty
 * network, while the simulation takes devices offline, reloads them in the middle of a push
 * (a new engine over the same IndexedDB) and kills the server inside transactions. Then the
 * faults stop, every device syncs until nothing moves, and the run checks:
 *
 * - no loss: the database holds, per field, exactly the value of the newest write any device
 *   made (every write made was acknowledged by then), and per (day, field, device) the newest
 *   journal text that device wrote;
 * - no divergence: every device holds exactly the database's records, with an empty outbox.
 *
 * Everything random comes from the seed; the only waits are real round trips and event-loop
 * turns while the engines work, never the clock.
 */

const DAY_MS = 86_400_000;
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'] as const;
const SYNCED_TABLE_NAMES = Object.keys(SYNCED_TABLES) as SyncedTable[];

export const DEFAULT_FAULTS: FaultRates = { dropRequest: 0.1, timeout: 0.1, duplicate: 0.15, dropReply: 0.15 };

export interface RunOptions {
  readonly server: KillableServer;
  readonly seed: number;
  /** Random steps before the faults stop. */
  readonly steps?: number;
  readonly faults?: FaultRates;
}

export interface RunOutcome {
  readonly seed: number;
  readonly devices: number;
  readonly writes: number;
  /** Fields or kept texts the database got wrong against the writes made. */
  readonly losses: number;
  /** Records a device holds differently from the database (or writes left in its outbox). */
  readonly divergences: number;
  readonly details: readonly string[];
  readonly kills: number;
  readonly reloads: number;
  readonly requests: number;
}

interface Device {
  readonly index: number;
  readonly name: string;
  readonly skewMs: number;
  readonly lock: SyncLock;
  online: boolean;
  db: UserDb;
  engine: SyncEngine;
  sender: Sender & { gone: boolean };
  /** Sender of every generation of this device: an old one may still wait on a reply. */
  senders: (Sender & { gone: boolean })[];
  active: number;
}

interface WriteMade {
  readonly table: SyncedTable;
  readonly key: string;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly hlc: Hlc;
}

/** One sync at a time per device, across its engine instances (the Web Lock of a browser). */
function deviceLock(): SyncLock {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A random local write of one device, made through the app's own write path. */
async function writeSomething(random: () => number, db: UserDb, label: string, nowMs: number): Promise<void> {
  const roll = random();
  if (roll < 0.7) {
    const fields: FieldsOf<'exercises'> = {};
    if (random() < 0.35) fields.mortality = random() < 0.7;
    if (random() < 0.35) fields.gratitude = random() < 0.7;
    for (const field of JOURNAL_TEXT_FIELDS) if (random() < 0.4) fields[field] = random() < 0.1 ? '' : `${label} ${field}`;
    if (Object.keys(fields).length === 0) fields.gratitudeOne = `${label} gratitudeOne`;
    await writeRecord(db, 'exercises', pick(random, DAYS), fields, nowMs);
  } else if (roll < 0.88) {
    const choice = Math.floor(random() * 4);
    const fields: FieldsOf<'profiles'> =
      choice === 0
        ? { dayStartMinutes: Math.floor(random() * 721) }
        : choice === 1
          ? { birthday: pick(random, [null, '1990-01-02', '1850-03-04']) }
          : choice === 2
            ? { streakFreezes: [pick(random, DAYS)] }
            : { reminderZone: pick(random, ['UTC', 'Europe/Paris', 'America/Lima']) };
    await writeRecord(db, 'profiles', 'me', fields, nowMs);
  } else {
    await writeRecord(db, 'gameProgress', 'me', { state: { level: Math.floor(random() * 50), by: label } }, nowMs);
  }
}

async function snapshotDevice(db: UserDb) {
  const records = new Map<string, { values: unknown; clocks: unknown }>();
  for (const table of SYNCED_TABLE_NAMES) {
    for (const row of await listRecords(db, table)) {
      records.set(`${table}/${row.key}`, { values: row.values, clocks: row.clocks });
    }
  }
  return { records, outbox: await db.outbox.count() };
}

export async function simulateRun({ server, seed, steps = 60, faults = DEFAULT_FAULTS }: RunOptions): Promise<RunOutcome> {
  const random = seededRandom(seed);
  await server.restart();
  const killsBefore = server.kills;
  const user = await createTestUser(server.sql, `faults-${seed}-${Math.floor(random() * 1e9)}@example.com`);
  const network: FaultyNetwork = createFaultyNetwork({ random, baseUrl: () => server.url, rates: faults });
  const writes: WriteMade[] = [];
  let reloads = 0;
  let counter = 0;

  const newSender = (device: { online: boolean }): Sender & { gone: boolean } => {
    const sender = { waiting: 0, gone: false, online: () => device.online, listening: () => !sender.gone };
    return sender;
  };

  const newEngine = (db: UserDb, sender: Sender, skewMs: number, lock: SyncLock): SyncEngine =>
    createSyncEngine({
      db,
      transport: createHttpTransport({ getToken: () => user.token, fetch: network.fetchFor(sender) }),
      now: () => Date.now() + skewMs,
      random,
      lock,
      pushBatchMax: 3,
      pullPageSize: 4,
    });

  const deviceCount = 3 + Math.floor(random() * 3);
  const devices: Device[] = [];
  for (let index = 0; index < deviceCount; index += 1) {
    const name = `memento-faults-${seed}-${index}-${Math.floor(random() * 1e9)}`;
    const db = new UserDb(name);
    await db.open();
    await ensureClientId(db, random);
    // One device's clock is a day off (either way); the others are a few minutes off at most.
    const skewMs = index === 0 ? (random() < 0.5 ? -DAY_MS : DAY_MS) : Math.round((random() - 0.5) * 240_000);
    const lock = deviceLock();
    const online = { online: true };
    const sender = newSender(online);
    devices.push({
      index,
      name,
      skewMs,
      lock,
      get online() {
        return online.online;
      },
      set online(value: boolean) {
        online.online = value;
      },
      db,
      engine: newEngine(db, sender, skewMs, lock),
      sender,
      senders: [sender],
      active: 0,
    });
  }

  const waiting = (device: Device) => device.senders.reduce((sum, sender) => sum + sender.waiting, 0);
  /** Lets the engines work until each is done or waiting on the network. */
  const settle = async () => {
    for (let turn = 0; turn < 20_000; turn += 1) {
      if (devices.every((device) => device.active === 0 || waiting(device) > 0)) return;
      await nextTurn();
    }
  };
  const startSync = (device: Device): Promise<SyncResult | null> => {
    device.active += 1;
    return device.engine
      .syncNow()
      .catch(() => null)
      .finally(() => {
        device.active -= 1;
      });
  };
  const write = async (device: Device) => {
    counter += 1;
    await writeSomething(random, device.db, `d${device.index}#${counter}`, Date.now() + device.skewMs);
    // The entry just queued (nothing else adds to this outbox meanwhile), as the server will see it.
    const entry = await device.db.outbox.orderBy('id').last();
    const table = SYNCED_TABLE_NAMES.find((name) => name === entry?.table);
    if (entry === undefined || table === undefined) throw new Error('a write left no outbox entry');
    writes.push({ table, key: entry.key, fields: entry.fields, hlc: entry.hlc });
  };
  const reload = async (device: Device) => {
    reloads += 1;
    device.sender.gone = true;
    device.db.close();
    device.db = new UserDb(device.name);
    await device.db.open();
    device.sender = newSender(device);
    device.senders.push(device.sender);
    device.engine = newEngine(device.db, device.sender, device.skewMs, device.lock);
  };

  for (let step = 0; step < steps; step += 1) {
    const roll = random();
    const device = pick(random, devices);
    if (!server.alive && roll < 0.3) await server.restart();
    else if (roll < 0.3) await write(device);
    else if (roll < 0.48) void startSync(device);
    else if (roll < 0.85) await network.deliverOne();
    else if (roll < 0.9) device.online = !device.online;
    else if (roll < 0.95) await reload(device);
    else server.armKill(1 + Math.floor(random() * 16), random() < 0.3);
    await settle();
  }

  // Quiescence: faults off, everyone online, the server up; deliver what is in flight, then sync
  // every device in turn until a whole round moves nothing.
  network.setFaults(NO_FAULTS);
  server.disarm();
  await server.restart();
  for (const device of devices) device.online = true;
  for (let guard = 0; guard < 100_000 && (network.pending() > 0 || devices.some((device) => device.active > 0)); guard += 1) {
    if (network.pending() > 0) await network.deliverOne();
    else await nextTurn();
    await settle();
  }
  const details: string[] = [];
  let stuck = 0;
  for (let round = 0; round < 10; round += 1) {
    let moved = false;
    for (const device of devices) {
      const run = startSync(device);
      let result: SyncResult | null | undefined;
      void run.then((value) => {
        result = value;
      });
      for (let turn = 0; result === undefined && turn < 1_000_000; turn += 1) {
        if (network.pending() > 0) await network.deliverOne();
        else await nextTurn();
      }
      if (result === undefined) {
        stuck += 1;
        details.push(`seed ${seed}: device ${device.index} never finished a sync without faults`);
        break;
      }
      if (result === null || result.pushed > 0 || result.pulled > 0) moved = true;
    }
    if (!moved) break;
  }

  // What the database must hold: per field the newest write; per (day, field, device) the newest
  // text, except the device whose newest text is the current one (the record holds that).
  const expected = new Map<string, FieldState>();
  const newestTexts = new Map<string, KeptText & { readonly day: string; readonly field: string }>();
  for (const made of writes) {
    const id = `${made.table}/${made.key}`;
    expected.set(id, mergeWrite(expected.get(id) ?? EMPTY_STATE, { fields: made.fields, hlc: made.hlc }).state);
    const node = parseHlc(made.hlc)?.node ?? '';
    for (const field of JOURNAL_TEXT_FIELDS) {
      const text = made.fields[field];
      if (made.table !== 'exercises' || typeof text !== 'string') continue;
      const textId = `${made.key}/${columnOf('exercises', field) ?? field}/${node}`;
      const newest = keepNewest(newestTexts.get(textId), { node, hlc: made.hlc, text });
      newestTexts.set(textId, { ...newest, day: made.key, field });
    }
  }
  const expectedTexts = new Map<string, KeptText>();
  for (const [textId, text] of newestTexts) {
    const current = expected.get(`exercises/${text.day}`)?.clocks[text.field];
    if (current === undefined || parseHlc(current)?.node !== text.node) expectedTexts.set(textId, text);
  }

  const records = await storedRecords(server.sql, user.userId);
  const stored = new Map(records.map((record) => [`${record.table}/${record.key}`, toChange(record)]));
  let losses = 0;
  for (const [id, state] of expected) {
    const change = stored.get(id);
    if (change === undefined || change.deleted) {
      losses += Object.keys(state.clocks).length;
      details.push(`seed ${seed}: ${id} missing from the database`);
      continue;
    }
    for (const [field, clock] of Object.entries(state.clocks)) {
      if (change.clocks[field] !== clock || !isDeepStrictEqual(change.values[field], state.values[field])) {
        losses += 1;
        details.push(`seed ${seed}: ${id}.${field} is ${JSON.stringify(change.values[field])}@${change.clocks[field] ?? '-'}, expected ${JSON.stringify(state.values[field])}@${clock}`);
      }
    }
  }
  const keptRows = await server.sql<{ day: string; field: string; node: string; hlc: string; text: string }[]>`
    select to_char(day, 'YYYY-MM-DD') as day, field, node, hlc, text from journal_versions where user_id = ${user.userId}`;
  const kept = new Map(keptRows.map((row) => [`${row.day}/${row.field}/${row.node}`, row]));
  for (const [id, text] of expectedTexts) {
    const row = kept.get(id);
    if (row?.hlc !== text.hlc || row.text !== text.text) {
      losses += 1;
      details.push(`seed ${seed}: kept text ${id} is ${JSON.stringify(row?.text)}, expected ${JSON.stringify(text.text)}`);
    }
  }
  for (const id of kept.keys()) {
    if (!expectedTexts.has(id)) {
      losses += 1;
      details.push(`seed ${seed}: kept text ${id} should not be there (its device holds the current text)`);
    }
  }

  let divergences = stuck;
  if (stored.size !== expected.size) {
    divergences += 1;
    details.push(`seed ${seed}: the database holds ${stored.size} records, the writes made ${expected.size}`);
  }
  for (const device of devices) {
    const local = await snapshotDevice(device.db);
    if (local.outbox > 0) {
      divergences += 1;
      details.push(`seed ${seed}: device ${device.index} still has ${local.outbox} writes queued`);
    }
    for (const id of new Set([...local.records.keys(), ...stored.keys()])) {
      const mine = local.records.get(id);
      const theirs = stored.get(id);
      const same =
        mine !== undefined && theirs !== undefined && !theirs.deleted && isDeepStrictEqual(mine, { values: theirs.values, clocks: theirs.clocks });
      if (!same) {
        divergences += 1;
        details.push(`seed ${seed}: device ${device.index} holds ${id} as ${JSON.stringify(mine)}, the database ${JSON.stringify(theirs)}`);
      }
    }
  }

  for (const device of devices) {
    device.db.close();
    await Dexie.delete(device.name);
  }
  return {
    seed,
    devices: deviceCount,
    writes: writes.length,
    losses,
    divergences,
    details,
    kills: server.kills - killsBefore,
    reloads,
    requests: network.stats.requests,
  };
}

export interface SimulationSummary {
  readonly runs: number;
  readonly writes: number;
  readonly losses: number;
  readonly divergences: number;
  readonly kills: number;
  readonly reloads: number;
  readonly requests: number;
  readonly failures: readonly RunOutcome[];
  readonly line: string;
}

/** `runs` seeded runs from `firstSeed` on one server; the line reads "N runs, 0 losses, 0 divergences". */
export async function simulateRuns(
  server: KillableServer,
  { runs, firstSeed = 1, steps, onRun }: { runs: number; firstSeed?: number; steps?: number; onRun?: (outcome: RunOutcome) => void },
): Promise<SimulationSummary> {
  let writes = 0;
  let losses = 0;
  let divergences = 0;
  let reloads = 0;
  let requests = 0;
  let kills = 0;
  const failures: RunOutcome[] = [];
  for (let run = 0; run < runs; run += 1) {
    const outcome = await simulateRun({ server, seed: firstSeed + run, steps });
    writes += outcome.writes;
    losses += outcome.losses;
    divergences += outcome.divergences;
    reloads += outcome.reloads;
    requests += outcome.requests;
    kills += outcome.kills;
    if (outcome.losses > 0 || outcome.divergences > 0) failures.push(outcome);
    onRun?.(outcome);
  }
  return {
    runs,
    writes,
    losses,
    divergences,
    kills,
    reloads,
    requests,
    failures,
    line: `${runs} runs, ${losses} losses, ${divergences} divergences`,
  };
}
