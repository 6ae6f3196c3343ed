import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { bulkWritesEnd } from './bulk-writes';
import { readWhileOpen } from './read-while-open';
import type { UserDb } from './user-db';

/** Reads of a paced query start at least this far apart while commits keep coming. */
export const LIVE_READ_GAP_MS = 400;

/**
 * How long a paced read may wait for bulk writes to end (see bulk-writes.ts), counted from the
 * first change it answers: a long first sync still shows its progress about once a second.
 */
export const BULK_HOLD_MAX_MS = 1000;

interface Pacer {
  /** Something the query depends on has been committed: read again, now or once the gap is over. */
  changed(): void;
  stop(): void;
}

/** What holds reads back: a promise of the end of the writes under way (null: none), and how long at most. */
export interface ReadHold {
  readonly ends: () => Promise<void> | null;
  readonly maxMs: number;
}

const NO_HOLD: ReadHold = { ends: () => null, maxMs: 0 };

/**
 * Runs `read` after each `changed()`, never two at once and starting at most once per `gapMs`:
 * changes that arrive while a read runs or waits are all answered by the next read, which starts
 * after them. So the last change is always followed by a read, and a burst of changes by a few.
 * While `hold` says writes are under way, a read due (except the first) waits for their end, but
 * never longer than `hold.maxMs` after the first change it answers. `read` reports its own
 * failures: the pacer only goes on to the next read.
 */
export function pacer(read: () => Promise<void>, gapMs: number, now: () => number = () => performance.now(), hold: ReadHold = NO_HOLD): Pacer {
  let running = false;
  let dirty = false;
  let stopped = false;
  // A read is due: waiting for its gap or for the writes under way (a timer runs either way).
  let due = false;
  let dirtySince = 0;
  let lastStart = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = () => {
    timer = undefined;
    if (stopped) return;
    // The first read is never held: until it is in, the screen has nothing to show.
    const writesEnd = lastStart === Number.NEGATIVE_INFINITY ? null : hold.ends();
    const held = now() - dirtySince;
    if (writesEnd !== null && held < hold.maxMs) {
      let resumed = false;
      const resume = () => {
        if (resumed) return;
        resumed = true;
        clearTimeout(timer);
        run();
      };
      timer = setTimeout(resume, hold.maxMs - held);
      void writesEnd.then(resume);
      return;
    }
    due = false;
    dirty = false;
    running = true;
    lastStart = now();
    const settle = () => {
      running = false;
      if (dirty) schedule();
    };
    // A failed read is `read`'s own to report; the next change reads again all the same.
    read().then(settle, settle);
  };
  const schedule = () => {
    if (running || due || stopped) return;
    due = true;
    timer = setTimeout(run, Math.max(0, lastStart + gapMs - now()));
  };
  return {
    changed() {
      if (!dirty) dirtySince = now();
      dirty = true;
      schedule();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** What a read gave, and from which database. */
type Result<T> = { readonly db: UserDb; readonly value: T | undefined } | { readonly db: UserDb; readonly error: unknown };

/**
 * A live query for reads whose cost grows with the data, such as the whole journal. Dexie's
 * useLiveQuery reads again after every commit that touches what the query read; during a first
 * sync, pages of thousands of records commit several times a second, and reading every record
 * after each of them would take the main thread away from storing the next page.
 *
 * Here `watch` (cheap, e.g. a count of the table: Dexie then watches the whole table) is the live
 * query, and each time it sees a commit `read` runs again, paced by `gapMs`. A single write, such
 * as saving today's entry, is read back at once; only a burst is coalesced. While a pull writes
 * its pages (bulk-writes.ts), the read waits for the pull's end, at most BULK_HOLD_MAX_MS.
 *
 * `watch` and `read` should be stable (module-level) functions: a new one starts over. Undefined
 * until the first read is in, and while `db` is null or closed (sign-out). An error thrown by
 * either is thrown from the hook, as useLiveQuery does.
 */
export function usePacedLiveQuery<T>(
  db: UserDb | null,
  watch: (db: UserDb) => Promise<unknown>,
  read: (db: UserDb) => Promise<T>,
  gapMs = LIVE_READ_GAP_MS,
): T | undefined {
  const [result, setResult] = useState<Result<T> | undefined>(undefined);

  useEffect(() => {
    if (db === null) return undefined;
    let current = true;
    const reads = pacer(
      () =>
        readWhileOpen(db, read).then(
          (value) => {
            if (current) setResult({ db, value });
          },
          (error: unknown) => {
            if (current) setResult({ db, error });
          },
        ),
      gapMs,
      undefined,
      { ends: () => bulkWritesEnd(db.name), maxMs: BULK_HOLD_MAX_MS },
    );
    const subscription = liveQuery(() => readWhileOpen(db, watch)).subscribe({
      next: () => reads.changed(),
      error: (error: unknown) => {
        if (current) setResult({ db, error });
      },
    });
    return () => {
      current = false;
      reads.stop();
      subscription.unsubscribe();
    };
  }, [db, watch, read, gapMs]);

  // A result read from another database (another person's) is never shown, not even for the
  // render before the first read of the new one is in.
  if (result === undefined || result.db !== db) return undefined;
  if ('error' in result) throw result.error;
  return result.value;
}
