import { parseCalendarDay } from '#core/dates/calendar-day';
import { parseTriageKey } from '#core/schemas/hn-triage';
import type { Hlc } from '#core/sync/hlc';
import type { SyncedTable } from '#core/sync/protocol';
import type { RecordKeys } from './records-repo.ts';

/**
 * What the sync operations share: the server clock, the isolation under the user's lock, a write
 * to a record, and how records are named and found.
 */

/** Server time in ms; injected so tests can move it. */
export type Clock = () => number;

/**
 * Every change to a user's records holds the user's revision row lock (see lockUserRevision).
 * Read committed: once the lock is held, each statement sees what the previous holder committed,
 * whereas a serializable snapshot taken before the wait would fail and retry on every contended
 * push. The lock, not the isolation level, is what orders a user's writes.
 */
export const LOCKED = { isolation: 'read committed' } as const;

/** One write to apply: already checked against the protocol's table, key and field schemas. */
export interface RecordWrite {
  readonly table: SyncedTable;
  readonly key: string;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly hlc: Hlc;
  readonly deleted: boolean;
}

export const recordId = (table: SyncedTable, key: string) => `${table}/${key}`;

/**
 * The records some writes name, to read them in one query. A key that is no calendar day names
 * no exercise, nor one that is no `{postId}:{commentId}` a triage (a push rejects its mutation;
 * the lookup would fail on it), and a table the protocol does not know names nothing.
 */
export function keysOf(writes: readonly { readonly table: string; readonly key: string }[]): RecordKeys {
  const days = new Set<string>();
  let profiles = false;
  let gameProgress = false;
  const triage = new Map<string, { postId: number; commentId: number }>();
  for (const { table, key } of writes) {
    if (table === 'exercises') {
      if (parseCalendarDay(key) !== null) days.add(key);
    } else if (table === 'profiles') profiles = true;
    else if (table === 'gameProgress') gameProgress = true;
    else if (table === 'hnTriage') {
      const ids = parseTriageKey(key);
      if (ids !== null) triage.set(key, ids);
    }
  }
  return { exercises: [...days], profiles, gameProgress, hnTriage: [...triage.values()] };
}
