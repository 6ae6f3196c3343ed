import { clockTooFarAhead, isSyncedTable } from '#core/sync/protocol';
import type { Hlc } from '#core/sync/hlc';
import { restampAtServerTime, rewindClock, stampAtServerTime } from '../db/clock-state';
import { editRecords, type RecordRef } from '../db/record-packs';
import type { OutboxEntry, UserDb } from '../db/user-db';

/**
 * Writes the server refused because this device's clock ran too far ahead (CLOCK_INVALID) go
 * back in the queue, stamped again at the server's time, so they reach the server instead of
 * staying on this device alone (and being lost at Log Out, which finds the queue empty). The
 * clock goes back first, or every later write would be refused too.
 *
 * Only the fields the refused write still holds in the record are sent again: a newer write of
 * the same field carries its own value. Writes still waiting in the queue with a stamp as far
 * ahead take a new one in place (their seq stays): they would be refused in turn, and until then
 * a new write of their fields, stamped after the clock went back, would lose to them here. The
 * records take the new stamps, so the device and the server agree which later change is the
 * newer. Run inside a read-write transaction over the outbox, meta and the record packs, after
 * the refused writes are acknowledged and the server's time is recorded; entries in seq order.
 *
 * Returns the refused writes that could not be queued again (a stamp still too far ahead).
 */
export async function requeueClockRefused(
  db: UserDb,
  clientId: string,
  refused: readonly OutboxEntry[],
  serverTimeMs: number,
): Promise<OutboxEntry[]> {
  await rewindClock(db, clientId, serverTimeMs);
  const waiting = (await db.outbox.orderBy('seq').toArray()).filter((entry) => clockTooFarAhead(entry.hlc, serverTimeMs));
  // A table this version does not know has no record here to stamp again.
  const known = (entries: readonly OutboxEntry[]) => entries.flatMap(({ table, ...entry }) => (isSyncedTable(table) ? [{ ...entry, table }] : []));
  const edit = await editRecords(db, [...known(refused), ...known(waiting)]);
  /** Moves the record's clocks from a write's old stamp to its new one; the fields that held it. */
  const moveClocks = (entry: RecordRef, from: Hlc, to: Hlc, fields: readonly string[]): string[] => {
    const row = edit.get(entry.table, entry.key);
    if (row === undefined) return [];
    const held = fields.filter((field) => row.clocks[field] === from);
    if (held.length === 0) return [];
    const clocks = { ...row.clocks };
    for (const field of held) clocks[field] = to;
    edit.put(entry.table, { ...row, clocks });
    return held;
  };

  const left: OutboxEntry[] = [];
  for (const entry of known(refused)) {
    const row = edit.get(entry.table, entry.key);
    const held = Object.keys(entry.fields).filter((field) => row?.clocks[field] === entry.hlc);
    if (held.length === 0) continue;
    const { seq, hlc } = await stampAtServerTime(db, clientId, serverTimeMs);
    if (clockTooFarAhead(hlc, serverTimeMs)) {
      left.push(entry);
      continue;
    }
    moveClocks(entry, entry.hlc, hlc, held);
    const fields = Object.fromEntries(held.map((field) => [field, entry.fields[field]]));
    await db.outbox.add({ seq, table: entry.table, key: entry.key, fields, hlc });
  }
  for (const entry of known(waiting)) {
    const hlc = await restampAtServerTime(db, clientId, serverTimeMs);
    moveClocks(entry, entry.hlc, hlc, Object.keys(entry.fields));
    await db.outbox.update(entry.id, { hlc });
  }
  await edit.save();
  return left;
}
