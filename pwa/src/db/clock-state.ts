import { compareHlc, formatHlc, initialHlc, parseHlc, receive, tick, type Hlc, type HlcParts } from '#core/sync/hlc';
import { readMeta, writeMeta } from './meta';
import type { UserDb } from './user-db';

/**
 * The device's hybrid logical clock and write counter, kept in `meta`. Callers run these inside
 * a read-write transaction that includes `meta` (and `outbox` for stamps), so the clock read,
 * its advance and the write it stamps commit together or not at all.
 */

/** Physical time as the server would see it: the device clock corrected by the last known offset. */
async function serverNow(db: UserDb, deviceNowMs: number): Promise<number> {
  return deviceNowMs + ((await readMeta(db, 'serverOffsetMs')) ?? 0);
}

async function currentClock(db: UserDb, clientId: string): Promise<HlcParts> {
  const stored = await readMeta(db, 'hlc');
  if (stored === undefined) return initialHlc(clientId);
  // The node is the client id; after a new id the clock keeps its time but stamps the new node.
  return stored.node === clientId ? stored : { ...stored, node: clientId };
}

export interface WriteStamp {
  readonly seq: number;
  readonly hlc: Hlc;
}

/** Advances the clock for one local write and takes the next seq. */
export async function stampLocalWrite(db: UserDb, clientId: string, deviceNowMs: number): Promise<WriteStamp> {
  return stampAt(db, clientId, await serverNow(db, deviceNowMs));
}

/** As stampLocalWrite, at a time the server gave (its clock, not the device's). */
export function stampAtServerTime(db: UserDb, clientId: string, serverTimeMs: number): Promise<WriteStamp> {
  return stampAt(db, clientId, serverTimeMs);
}

/** A new clock for a write already queued (its seq stays), at a time the server gave. */
export async function restampAtServerTime(db: UserDb, clientId: string, serverTimeMs: number): Promise<Hlc> {
  const next = tick(await currentClock(db, clientId), serverTimeMs);
  await writeMeta(db, 'hlc', next);
  return formatHlc(next);
}

async function stampAt(db: UserDb, clientId: string, physicalMs: number): Promise<WriteStamp> {
  const next = tick(await currentClock(db, clientId), physicalMs);
  // Never hand out a seq the outbox already holds, even if `nextSeq` was lost.
  const lastQueued = await db.outbox.orderBy('seq').last();
  const seq = Math.max((await readMeta(db, 'nextSeq')) ?? 1, (lastQueued?.seq ?? 0) + 1);
  await writeMeta(db, 'hlc', next);
  await writeMeta(db, 'nextSeq', seq + 1);
  return { seq, hlc: formatHlc(next) };
}

/**
 * Moves the clock past every clock in `clocks`, so anything written here after seeing a
 * change wins over it: the person edited what they saw, and their edit must be the newer one.
 */
export async function observeRemoteClocks(
  db: UserDb,
  clientId: string,
  clocks: Iterable<Hlc>,
  deviceNowMs: number,
): Promise<void> {
  let newest: Hlc | undefined;
  for (const clock of clocks) if (newest === undefined || compareHlc(clock, newest) > 0) newest = clock;
  const remote = newest === undefined ? null : parseHlc(newest);
  if (remote === null) return;
  const next = receive(await currentClock(db, clientId), remote, await serverNow(db, deviceNowMs));
  await writeMeta(db, 'hlc', next);
  await noteAcceptedClock(db, remote);
}

const laterOf = (a: HlcParts, b: HlcParts): HlcParts => (compareHlc(formatHlc(a), formatHlc(b)) >= 0 ? a : b);

/** Remembers the newest of the clocks the server has taken (see `acceptedHlc` in meta). */
export async function noteAcceptedClock(db: UserDb, clock: HlcParts): Promise<void> {
  const known = await readMeta(db, 'acceptedHlc');
  const newest = known === undefined ? clock : laterOf(known, clock);
  if (newest !== known) await writeMeta(db, 'acceptedHlc', newest);
}

/**
 * After the server refused this device's clock as too far ahead: sets the clock back to the
 * server's time, so the writes that follow are taken again (a clock never goes back by itself,
 * and would otherwise stay ahead until real time caught up with it). Never below a clock the
 * server has taken, so an edit made after seeing a change still comes after it.
 */
export async function rewindClock(db: UserDb, clientId: string, serverTimeMs: number): Promise<void> {
  const current = await currentClock(db, clientId);
  const accepted = await readMeta(db, 'acceptedHlc');
  const serverClock: HlcParts = { wall: Math.floor(serverTimeMs), counter: 0, node: clientId };
  const floor = accepted === undefined ? serverClock : laterOf({ ...accepted, node: clientId }, serverClock);
  if (compareHlc(formatHlc(current), formatHlc(floor)) > 0) await writeMeta(db, 'hlc', floor);
}
