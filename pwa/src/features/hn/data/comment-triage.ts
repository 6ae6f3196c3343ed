import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { isSetAside, nextReturn, type Triage } from '#core/hn/triage';
import { hnTriageWriteSchema, parseTriageKey, triageKey, type HnTriageFields } from '#core/schemas/hn-triage';
import { listRecords, listRecordsWithPrefix } from '../../../db/record-packs';
import { readWhileOpen } from '../../../db/read-while-open';
import { useUserDb } from '../../../session/user-db-context';
import { writeRecord } from '../../../db/write-record';
import type { RecordRow, UserDb } from '../../../db/user-db';
import { currentInstant } from '../../../lib/clock';
import { readTrackerView } from './device-copy';

/**
 * The person's triage of waiting comments, kept in the synced `hnTriage` records: written on
 * this device first (with its outbox entry, so it reaches the other devices when the sync
 * engine next runs) and read back live, so a triage pulled from another device shows at once.
 */

/** The triage a stored record holds; a record that no longer fits the schema counts as none. */
function triageOf(row: RecordRow): Triage | undefined {
  const parsed = hnTriageWriteSchema.safeParse(row.values);
  return parsed.success ? parsed.data : undefined;
}

/** The triages of one post's comments, by comment id. */
export async function readPostTriage(db: UserDb, postId: number): Promise<Map<number, Triage>> {
  const rows = await listRecordsWithPrefix(db, 'hnTriage', `${String(postId)}:`);
  const triages = new Map<number, Triage>();
  for (const row of rows) {
    const ids = parseTriageKey(row.key);
    const triage = triageOf(row);
    if (ids !== null && triage !== undefined) triages.set(ids.commentId, triage);
  }
  return triages;
}

/** Saves a decision about one comment on this device and queues it for the other devices. */
export async function saveTriage(db: UserDb, postId: number, commentId: number, fields: HnTriageFields): Promise<void> {
  await writeRecord(db, 'hnTriage', triageKey(postId, commentId), fields, currentInstant().getTime());
}

/**
 * Calls `wake` when `wakeAt` passes (a snoozed comment comes back then) and when the page
 * becomes visible again (a sleeping device delays timers); returns the cancel.
 */
function scheduleWake(wakeAt: number | null, wake: () => void): () => void {
  const timer = wakeAt === null ? undefined : setTimeout(wake, Math.max(0, wakeAt - currentInstant().getTime()) + 250);
  const onVisible = () => {
    if (document.visibilityState === 'visible') wake();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** A count that goes up at each wake (see scheduleWake), for what must be worked out again then. */
function useWakes(wakeAt: number | null): number {
  const [wakes, setWakes] = useState(0);
  useEffect(() => scheduleWake(wakeAt, () => setWakes((count) => count + 1)), [wakeAt]);
  return wakes;
}

export interface PostTriage {
  /** undefined while the device is read, and when nobody's database is open. */
  readonly triages: ReadonlyMap<number, Triage> | undefined;
  /** The time the lists are worked out at: read at each render, and one happens when a snooze ends. */
  readonly now: number;
  /** Saves a decision; rejects when the database is not open (the caller says so). */
  readonly decide: (commentId: number, fields: HnTriageFields) => Promise<void>;
}

export class TriageUnavailableError extends Error {
  override readonly name = 'TriageUnavailableError';
  constructor() {
    super('This device’s copy of your data is not open yet. Reload the page, then try again.');
  }
}

/** One post's triages, live, and the way to change them. */
export function usePostTriage(postId: number): PostTriage {
  const db = useUserDb();
  const triages = useLiveQuery(() => readWhileOpen(db, (open) => readPostTriage(open, postId)), [db, postId]);
  const now = currentInstant().getTime();
  useWakes(triages === undefined ? null : nextReturn(triages.values(), now));
  const decide = useCallback(
    async (commentId: number, fields: HnTriageFields) => {
      if (db === null) throw new TriageUnavailableError();
      await saveTriage(db, postId, commentId, fields);
    },
    [db, postId],
  );
  return { triages, now, decide };
}

/**
 * For the tracker list: per post, how many of the top-level comments that this device's last
 * copy of the post lists as unanswered are done or snoozed now. Only posts opened on this device
 * have such a copy; the others count nothing. Reads the person's triages and the copies of the
 * posts that have any, all on the device.
 */
export async function readSetAsideCounts(db: UserDb, nowMs: number): Promise<{ counts: Map<number, number>; wakeAt: number | null }> {
  const byPost = new Map<number, Map<number, Triage>>();
  const all: Triage[] = [];
  for (const row of await listRecords(db, 'hnTriage')) {
    const ids = parseTriageKey(row.key);
    const triage = triageOf(row);
    if (ids === null || triage === undefined) continue;
    all.push(triage);
    if (!isSetAside(triage, nowMs)) continue;
    const post = byPost.get(ids.postId) ?? new Map<number, Triage>();
    post.set(ids.commentId, triage);
    byPost.set(ids.postId, post);
  }
  const counts = new Map<number, number>();
  for (const [postId, triages] of byPost) {
    const copy = await readTrackerView(db, { postId });
    if (copy === null) continue;
    const setAside = copy.value.unanswered.filter((comment) => triages.has(comment.id)).length;
    if (setAside > 0) counts.set(postId, setAside);
  }
  return { counts, wakeAt: nextReturn(all, nowMs) };
}

/** `readSetAsideCounts`, live, and worked out again when a snooze ends. */
export function useSetAsideCounts(): ReadonlyMap<number, number> {
  const db = useUserDb();
  const [wakes, setWakes] = useState(0);
  const read = useLiveQuery(() => readWhileOpen(db, (open) => readSetAsideCounts(open, currentInstant().getTime())), [db, wakes]);
  const next = read?.wakeAt ?? null;
  useEffect(() => scheduleWake(next, () => setWakes((count) => count + 1)), [next]);
  return read?.counts ?? EMPTY;
}

const EMPTY: ReadonlyMap<number, number> = new Map();
