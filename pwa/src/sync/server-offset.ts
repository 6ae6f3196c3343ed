import { writeMeta } from '../db/meta';
import type { UserDb } from '../db/user-db';

/**
 * The server's clock minus the device's, from one exchange. The server read its clock somewhere
 * between sending and receiving; the midpoint is the best guess, off by at most half the round
 * trip. A slow exchange says little, so it is ignored rather than letting a stalled request
 * drag the estimate by minutes.
 */
export const MAX_USEFUL_ROUND_TRIP_MS = 30_000;

export function offsetFromExchange(serverTime: number, sentAt: number, receivedAt: number): number | null {
  const roundTrip = receivedAt - sentAt;
  if (roundTrip < 0 || roundTrip > MAX_USEFUL_ROUND_TRIP_MS) return null;
  return Math.round(serverTime - (sentAt + roundTrip / 2));
}

/** Stores the offset measured by one exchange (call inside a transaction that includes meta). */
export async function recordServerTime(db: UserDb, serverTime: number, sentAt: number, receivedAt: number): Promise<void> {
  const offset = offsetFromExchange(serverTime, sentAt, receivedAt);
  if (offset !== null) await writeMeta(db, 'serverOffsetMs', offset);
}
