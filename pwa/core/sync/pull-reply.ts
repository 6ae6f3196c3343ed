import { isHlc, type Hlc } from './hlc';
import { isSyncedTable, type Change, type PullResponse } from './protocol';

/**
 * `pullResponseSchema` (protocol.ts) written out. A first sync checks every change of thousands
 * of them, on the path between one page's reply and the next page's request; the schema spent
 * tens of milliseconds a page on it, this a few. The same answers (unknown keys of the reply and
 * of each change dropped): a unit test compares the two.
 */

type Fields = Record<string, unknown>;

/** A JSON object (not an array, not null), as z.object and z.record take it. */
function isObject(value: unknown): value is Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function isClocks(value: unknown): value is Record<string, Hlc> {
  if (!isObject(value)) return false;
  for (const clock of Object.values(value)) if (typeof clock !== 'string' || !isHlc(clock)) return false;
  return true;
}

function readChange(value: unknown): Change | null {
  if (!isObject(value)) return null;
  const { table, key, values, clocks, deleted, rev } = value;
  if (!isSyncedTable(table) || typeof key !== 'string' || !isObject(values) || !isClocks(clocks)) return null;
  if (typeof deleted !== 'boolean' || !isCount(rev) || rev === 0) return null;
  return { table, key, values, clocks, deleted, rev };
}

export function readPullResponse(value: unknown): PullResponse | null {
  if (!isObject(value)) return null;
  const { changes, cursor, hasMore, reset, lastAppliedSeq, serverTime } = value;
  if (!Array.isArray(changes) || !isCount(cursor) || typeof hasMore !== 'boolean' || typeof reset !== 'boolean') return null;
  if (lastAppliedSeq !== null && !isCount(lastAppliedSeq)) return null;
  if (typeof serverTime !== 'number' || !Number.isFinite(serverTime)) return null;
  const read: Change[] = [];
  for (const each of changes) {
    const change = readChange(each);
    if (change === null) return null;
    read.push(change);
  }
  return { changes: read, cursor, hasMore, reset, lastAppliedSeq, serverTime };
}

/** `readPullResponse` in the shape the sync transport reads replies with. */
export const pullReply = {
  safeParse: (value: unknown): { success: true; data: PullResponse } | { success: false; error: Error } => {
    const data = readPullResponse(value);
    return data === null ? { success: false, error: new Error('Not a page of changes') } : { success: true, data };
  },
};
