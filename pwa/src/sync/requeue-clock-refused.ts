import { clockTooFarAhead, isSyncedTable } from '#core/sync/protocol';
import { rewindClock, stampAtServerTime } from '../db/clock-state';
import { editRecords } from '../db/record-packs';
import type { OutboxEntry, UserDb } from '../db/user-db';

/**
 * Writes the server refused because this device's clock ran too far ahead (CLOCK_INVALID) go
 * back in the queue, stamped again at the server's time, so they reach the server instead of
 * staying on this device alone (and being lost at Log Out, which finds the queue empty). The
 * clock goes back first, or every later write would be refused too.
 *
 * Only the fields the refused write still holds in the record are sent again: a newer write of
 * the same field carries its own value. The record takes the new stamps, so the device and the
 * server agree which of later changes is the newer. Run inside a read-write transaction over the
 * outbox, meta and the record packs, after the server's time is recorded; entries in seq order.
 *
 * Returns the writes that could not be queued again (a stamp still too far ahead).
 */
export async function requeueClockRefused(
  db: UserDb,
  clientId: string,
  entries: readonly OutboxEntry[],
  serverTimeMs: number,
): Promise<OutboxEntry[]> {
  await rewindClock(db, clientId, serverTimeMs);
  // A table this version does not know has no record here to send again.
  const known = entries.flatMap(({ table, ...entry }) => (isSyncedTable(table) ? [{ ...entry, table }] : []));
  const edit = await editRecords(db, known);
  const left: OutboxEntry[] = [];
  for (const entry of known) {
    const row = edit.get(entry.table, entry.key);
    const held = Object.keys(entry.fields).filter((field) => row?.clocks[field] === entry.hlc);
    if (row === undefined || held.length === 0) continue;
    const { seq, hlc } = await stampAtServerTime(db, clientId, serverTimeMs);
    if (clockTooFarAhead(hlc, serverTimeMs)) {
      left.push(entry);
      continue;
    }
    const fields = Object.fromEntries(held.map((field) => [field, entry.fields[field]]));
    await db.outbox.add({ seq, table: entry.table, key: entry.key, fields, hlc });
    const clocks = { ...row.clocks };
    for (const field of held) clocks[field] = hlc;
    edit.put(entry.table, { ...row, clocks });
  }
  await edit.save();
  return left;
}
