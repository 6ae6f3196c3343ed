import { Dexie } from 'dexie';
import { PULL_PAGE_MAX, type Change, type PullResponse } from '#core/sync/protocol';
import { observeRemoteClocks } from '../db/clock-state';
import { acknowledgeOutbox } from '../db/outbox';
import { startBulkWrite } from '../db/bulk-writes';
import { readMeta, writeMeta } from '../db/meta';
import { openRelaxedConnection, type UserDb } from '../db/user-db';
import { applyChanges, recordTables, replaceWithPendingWrites } from './apply-change';
import { SyncError } from './errors';
import { recordServerTime } from './server-offset';
import type { SyncTransport } from './transport';

export interface PullContext {
  readonly db: UserDb;
  readonly transport: SyncTransport;
  readonly now: () => number;
  readonly pageSize?: number;
}

/**
 * Pages are fetched ahead of the writes, at most this many waiting, so a first pull of a large
 * history holds a few pages (2,000 changes each) in memory, not the whole history. (A pass from 0
 * after a reset still collects every page before writing them, as before; see pullChanges.)
 */
export const PULL_PAGES_AHEAD = 4;

/**
 * At most this many pages in one transaction. Pages that arrive while a transaction writes join
 * it (see `store`), so a first sync of thousands of records commits a few times instead of once
 * per page: every commit makes the screens showing records read them all again. The bound keeps
 * what a crash can undo small, and how long a local write can wait behind a pull's transaction
 * short (8,000 records, well under a second).
 */
export const PULL_PAGES_PER_WRITE = 4;

/** One page as it arrived, with the device times of its request and reply. */
interface FetchedPage {
  readonly page: PullResponse;
  readonly sentAt: number;
  readonly receivedAt: number;
}

/** A page to store, or the server's word that the pass starts over from 0 (reset). */
type Fetched = ({ readonly kind: 'page' } & FetchedPage) | { readonly kind: 'reset' };

/** What `store` writes for one page: its changes and what it says about time and our queue. */
interface PageWrite extends FetchedPage {
  readonly changes: readonly Change[];
}

/**
 * Writes pages of changes in order, the cursor of the last one and what each page says about
 * time and this client's queue in ONE transaction. A crash or a closed tab half-way leaves either
 * the old cursor with the old records or the new cursor with the new ones, never a cursor past
 * changes that were not kept.
 *
 * Pages that arrived while the transaction was writing join it (at most PULL_PAGES_PER_WRITE in
 * all): `more` hands them over without waiting, and when none has arrived the transaction ends.
 * It never waits for the network, so a local write waits behind it only while it writes.
 *
 * With `replace`, the local copies are first dropped (keeping writes still pending here): the
 * changes are then the whole server state, pulled from 0 after a reset.
 *
 * `db` is the relaxed connection (see openRelaxedConnection), and everything here goes through it.
 * Returns how many changes were applied.
 */
async function store(
  db: UserDb,
  clientId: string,
  first: readonly PageWrite[],
  replace: boolean,
  more: (max: number) => PageWrite[],
): Promise<number> {
  return db.transaction('rw', [...recordTables(db), db.outbox, db.meta], async () => {
    if (replace) await replaceWithPendingWrites(db);
    let pages = first;
    let written = 0;
    let applied = 0;
    for (let last = pages.at(-1); last !== undefined; last = pages.at(-1)) {
      for (const { changes, page, sentAt, receivedAt } of pages) {
        // The server acknowledges our writes here too, which matters when a push reply was lost.
        // Done before merging so a deletion does not bring back a write the server already has.
        if (page.lastAppliedSeq !== null) await acknowledgeOutbox(db, page.lastAppliedSeq);
        await applyChanges(db, changes);
        await observeRemoteClocks(db, clientId, changes.flatMap((change) => Object.values(change.clocks)), receivedAt);
        await recordServerTime(db, page.serverTime, sentAt, receivedAt);
        applied += changes.length;
      }
      await writeMeta(db, 'cursor', last.page.cursor);
      if (!last.page.hasMore) await writeMeta(db, 'lastSyncedAt', last.receivedAt);
      written += pages.length;
      pages = more(PULL_PAGES_PER_WRITE - written);
    }
    return applied;
  });
}

/** The newest state of each record among `changes` (a record can change while we page). */
function newestPerRecord(changes: readonly Change[]): Change[] {
  const newest = new Map<string, Change>();
  for (const change of changes) {
    const id = `${change.table}\u0000${change.key}`;
    const seen = newest.get(id);
    if (seen === undefined || seen.rev < change.rev) newest.set(id, change);
  }
  return [...newest.values()];
}

/**
 * The pages fetched and not yet taken, between the loop that fetches them and the loop that
 * writes them. Each side waits on `changed` for the other.
 */
class PageBuffer {
  private items: Fetched[] = [];
  private outcome: { readonly failed: false } | { readonly failed: true; readonly error: unknown } | null = null;
  private wake: () => void = () => undefined;
  private changed: Promise<void> = this.nextChange();
  private readonly capacity: number;
  private stopped = false;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  private nextChange(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.wake = resolve;
    });
  }

  private notify(): void {
    this.wake();
    this.changed = this.nextChange();
  }

  async waitForRoom(): Promise<void> {
    while (this.items.length >= this.capacity && !this.stopped) await this.changed;
  }

  /** The writing side gave up: the fetching side stops at its next step. */
  isStopped(): boolean {
    return this.stopped;
  }

  add(item: Fetched): void {
    this.items.push(item);
    this.notify();
  }

  end(outcome: { readonly failed: false } | { readonly failed: true; readonly error: unknown }): void {
    this.outcome = outcome;
    this.notify();
  }

  stop(): void {
    this.stopped = true;
    this.notify();
  }

  /**
   * The oldest item waiting, as soon as there is one; null once the last page was taken. A failed
   * request is thrown only after the pages fetched before it were taken, so they are still written.
   */
  async next(): Promise<Fetched | null> {
    while (this.items.length === 0 && this.outcome === null) await this.changed;
    const item = this.items.shift();
    if (item !== undefined) {
      this.notify();
      return item;
    }
    if (this.outcome?.failed === true) throw this.outcome.error;
    return null;
  }

  /** The pages waiting right now, oldest first, at most `max`, stopping at a reset. Never waits. */
  takePagesNow(max: number): FetchedPage[] {
    const pages: FetchedPage[] = [];
    for (let item = this.items[0]; item?.kind === 'page' && pages.length < max; item = this.items[0]) {
      pages.push(item);
      this.items.shift();
    }
    if (pages.length > 0) this.notify();
    return pages;
  }
}

/** A request for one page, sent; `hint.next` is the next page's cursor once the reply named it early. */
interface PageRequest {
  readonly cursor: number;
  readonly full: boolean;
  readonly sentAt: number;
  readonly reply: Promise<PullResponse>;
  readonly hint: { next: number | null };
}

/**
 * Fetches page after page from `cursor` into `buffer`, each request as soon as the previous
 * reply names its cursor and the buffer has room. After a reset it starts over from 0 with every
 * page marked full, once.
 *
 * A reply that names the next cursor before its page is read (PullHints.onNextCursor: over HTTP,
 * in its headers) has the next request sent at once, one ahead of the page being read at most:
 * the server answers one request after another, and this way it does not wait while the device
 * reads and checks a page. That request is used only if the page then confirms the cursor (and
 * is no reset); otherwise its answer is awaited and dropped, and the body's cursor asked for.
 * No request outlives this function.
 */
async function fetchPages(context: PullContext, clientId: string, from: number, buffer: PageBuffer): Promise<void> {
  const { transport, now } = context;
  const limit = context.pageSize ?? PULL_PAGE_MAX;
  // The request whose page is being read, and the one sent ahead of it on its hint.
  const sent: { current: PageRequest | null; ahead: PageRequest | null } = { current: null, ahead: null };
  const sendAhead = (after: PageRequest) => {
    const { next } = after.hint;
    if (sent.current === after && sent.ahead === null && next !== null && !buffer.isStopped()) sent.ahead = send(next, after.full);
  };
  const send = (cursor: number, full: boolean): PageRequest => {
    const hint: PageRequest['hint'] = { next: null };
    const onNextCursor = (next: number) => {
      if (next <= cursor) return;
      hint.next = next;
      sendAhead(request);
    };
    const sentAt = now();
    // Every page of a pass from 0 after a reset says so: its cursors are below the server's
    // tombstone horizon, and without the flag the server would ask to start over on page two.
    const reply = transport.pull({ cursor, limit, clientId, ...(full ? { full: true } : {}) }, { onNextCursor });
    const request: PageRequest = { cursor, full, sentAt, reply, hint };
    return request;
  };
  const dropAhead = async () => {
    const { ahead } = sent;
    sent.ahead = null;
    await ahead?.reply.catch(() => undefined);
  };
  let cursor = from;
  let full = false;
  try {
    for (;;) {
      await buffer.waitForRoom();
      if (buffer.isStopped()) return;
      const { ahead } = sent;
      const reusable = ahead !== null && ahead.cursor === cursor && ahead.full === full;
      if (!reusable) await dropAhead();
      sent.ahead = null;
      const request = reusable ? ahead : send(cursor, full);
      sent.current = request;
      // Its hint may have come while the previous page was read.
      sendAhead(request);
      const page = await request.reply;
      const receivedAt = now();
      if (buffer.isStopped()) return;
      if (page.reset) {
        if (cursor === 0 || full) throw new SyncError('retryable', 'RESET_LOOP', 'The server asked again to start over');
        cursor = 0;
        full = true;
        buffer.add({ kind: 'reset' });
        continue;
      }
      if (page.hasMore && page.cursor <= cursor) {
        throw new SyncError('retryable', 'NO_PROGRESS', 'The server sent a page without moving the cursor');
      }
      cursor = page.cursor;
      buffer.add({ kind: 'page', page, sentAt: request.sentAt, receivedAt });
      if (!page.hasMore) return;
    }
  } finally {
    sent.current = null;
    await dropAhead();
  }
}

/**
 * Pulls every page after the stored cursor; returns how many changes were applied.
 *
 * The next page is fetched while earlier ones are written, and pages are written strictly in
 * cursor order, each transaction with the cursor of its last page: a page is written as soon as
 * the previous write is done, and pages that arrive meanwhile join that write (see `store`). A
 * failed request still lets every page fetched before it be written; a failed write stops the
 * fetching, and nothing after it is written (its cursor would skip the failed page). Pulled
 * pages are written through a relaxed-durability connection: a page undone by a crash is pulled
 * again from the cursor undone with it.
 *
 * After a reset (the server no longer keeps the deletions between our cursor and now) the
 * pages from 0 are collected first and replace the local copies in one transaction at the end.
 * Replacing page by page would make records vanish from the screen (the person's own synced
 * writes among them) for as long as a failed pull left the rest unfetched.
 *
 * The pull is a bulk write for the paced reads of every record (bulk-writes.ts) from its start
 * to its last write: they read once it ends (or each second of a long one), not after each commit.
 */
export async function pullChanges(context: PullContext): Promise<number> {
  const { db } = context;
  const clientId = await readMeta(db, 'clientId');
  if (clientId === undefined) throw new SyncError('retryable', 'NO_CLIENT_ID', 'This device has no sync id yet');
  const cursor = (await readMeta(db, 'cursor')) ?? 0;
  // Reads of every record wait for the pages rather than following each commit (bulk-writes.ts).
  const endBulkWrite = startBulkWrite(db.name);
  const buffer = new PageBuffer(PULL_PAGES_AHEAD);
  const fetching = fetchPages(context, clientId, cursor, buffer).then(
    () => {
      buffer.end({ failed: false });
    },
    (error: unknown) => {
      buffer.end({ failed: true, error });
    },
  );
  // Opened while the first page is on its way; a failure to open surfaces at the first write.
  const opening = openRelaxedConnection(db);
  opening.catch(() => undefined);
  let writer: UserDb | undefined;
  const write = async (pages: readonly PageWrite[], replace: boolean, more: (max: number) => PageWrite[]) => {
    // Signed out meanwhile: the database was closed, and this pull ends as it would have on it.
    if (!db.isOpen()) throw new Dexie.DatabaseClosedError();
    writer ??= await opening;
    return store(writer, clientId, pages, replace, more);
  };
  const arrived = (max: number) => buffer.takePagesNow(max).map((page) => ({ ...page, changes: page.page.changes }));
  const nothingMore = () => [];
  let fromScratch: Change[] | null = null;
  let applied = 0;
  try {
    for (let item = await buffer.next(); item !== null; item = await buffer.next()) {
      if (item.kind === 'reset') {
        // The pass starts over from 0; its pages are collected and replace the local copies.
        fromScratch = [];
      } else if (fromScratch === null) {
        applied += await write([{ ...item, changes: item.page.changes }], false, arrived);
      } else {
        fromScratch.push(...item.page.changes);
        if (!item.page.hasMore) applied += await write([{ ...item, changes: newestPerRecord(fromScratch) }], true, nothingMore);
      }
    }
    return applied;
  } finally {
    // No request outlives the pull (the caller's sync lock ends with it).
    buffer.stop();
    endBulkWrite();
    await fetching;
    (writer ?? (await opening.catch(() => undefined)))?.close();
  }
}
