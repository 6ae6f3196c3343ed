import { EMPTY_STATE, mergeWrite, type FieldState } from '#core/sync/merge';
import {
  clockTooFarAhead,
  pullQuerySchema,
  pushRequestSchema,
  validateMutation,
  type Change,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type SyncedTable,
} from '#core/sync/protocol';
import { SyncError } from '../errors';
import type { PullQuery, SyncTransport } from '../transport';

/**
 * A protocol peer in memory for the client's unit tests: one person's records, merged with the
 * same core functions the server uses, with per-client seqs, revisions, tombstones and resets.
 * It is a test double for the client logic, not a model of the server's SQL; the real server is
 * exercised by the integration tests.
 */

interface StoredRecord {
  readonly table: SyncedTable;
  readonly key: string;
  readonly state: FieldState;
  readonly rev: number;
  readonly deleted: boolean;
}

export interface MemoryPeer {
  push(request: PushRequest): PushResponse;
  pull(query: PullQuery): PullResponse;
  /** A deletion made elsewhere (another device, an admin). */
  deleteRecord(table: SyncedTable, key: string): void;
  /** Drops the tombstones; a client whose cursor is older must start over (reset). */
  compactTombstones(): void;
  /** The server forgets a client, as after a restore from backup. */
  forgetClient(clientId: string): void;
  lastSeq(clientId: string): number;
  /** Live records as `table/key` → values. */
  snapshot(): Map<string, Readonly<Record<string, unknown>>>;
  /** Calls the peer directly: no faults. */
  transport(): SyncTransport;
  readonly log: { readonly pushes: PushRequest[]; readonly pulls: PullQuery[] };
}

const id = (table: string, key: string) => `${table}/${key}`;

export interface MemoryPeerOptions {
  readonly now: () => number;
  /**
   * How many new mutations one push may apply before the server stops the batch (as a server
   * with a time budget might); the reply's lastAppliedSeq then covers only those. Default: all.
   */
  readonly applyLimit?: () => number;
}

export function createMemoryPeer({ now, applyLimit }: MemoryPeerOptions): MemoryPeer {
  const records = new Map<string, StoredRecord>();
  const clients = new Map<string, number>();
  const log = { pushes: [] as PushRequest[], pulls: [] as PullQuery[] };
  let rev = 0;
  let horizon = 0;
  // Pages from 0 carry cursors below the horizon. A client paging from 0 is replacing its copy
  // and cannot miss a deletion, so the cursor we handed it mid-pass must not earn a reset, or a
  // full pull after compaction could never finish. Per client: the cursor of its next page.
  const fromZero = new Map<string, number>();

  function push(request: PushRequest): PushResponse {
    const envelope = pushRequestSchema.safeParse(request);
    if (!envelope.success) throw new SyncError('fatal', 'INVALID_REQUEST', envelope.error.message);
    log.pushes.push(envelope.data);
    let last = clients.get(request.clientId) ?? 0;
    const rejected: PushResponse['rejected'] = [];
    let budget = applyLimit?.() ?? Infinity;
    for (const mutation of envelope.data.mutations) {
      if (mutation.seq <= last) continue; // applied before: acknowledged again, no effect
      if (mutation.seq !== last + 1) break; // a gap: wait for the missing seqs
      if (budget <= 0) break;
      budget -= 1;
      last = mutation.seq;
      const check = validateMutation(mutation);
      if (!check.ok) {
        rejected.push({ seq: mutation.seq, reason: check.reason, message: check.message });
        continue;
      }
      if (clockTooFarAhead(mutation.hlc, now())) {
        rejected.push({ seq: mutation.seq, reason: 'CLOCK_INVALID', message: 'The write is stamped too far ahead of the server clock' });
        continue;
      }
      const current = records.get(id(check.table, mutation.key));
      const base = current === undefined || current.deleted ? EMPTY_STATE : current.state;
      const merged = mergeWrite(base, { fields: check.fields, hlc: mutation.hlc });
      if (merged.changed.length === 0) continue;
      rev += 1;
      records.set(id(check.table, mutation.key), {
        table: check.table,
        key: mutation.key,
        state: merged.state,
        rev,
        deleted: false,
      });
    }
    clients.set(request.clientId, last);
    return { lastAppliedSeq: last, rejected, serverTime: now() };
  }

  function pull(rawQuery: PullQuery): PullResponse {
    const query = pullQuerySchema.parse(rawQuery);
    log.pulls.push(query);
    const lastAppliedSeq = query.clientId === undefined ? null : (clients.get(query.clientId) ?? 0);
    const midPass = query.clientId !== undefined && fromZero.get(query.clientId) === query.cursor;
    if (query.cursor > 0 && query.cursor < horizon && !midPass) {
      return { changes: [], cursor: query.cursor, hasMore: false, reset: true, lastAppliedSeq, serverTime: now() };
    }
    const newer = [...records.values()].filter((record) => record.rev > query.cursor).sort((a, b) => a.rev - b.rev);
    const page = newer.slice(0, query.limit);
    const changes: Change[] = page.map((record) => ({
      table: record.table,
      key: record.key,
      values: record.deleted ? {} : record.state.values,
      clocks: record.deleted ? {} : record.state.clocks,
      deleted: record.deleted,
      rev: record.rev,
    }));
    const hasMore = newer.length > page.length;
    const cursor = hasMore ? (page.at(-1)?.rev ?? query.cursor) : Math.max(query.cursor, rev);
    if (query.clientId !== undefined) {
      if (hasMore && (query.cursor === 0 || midPass)) fromZero.set(query.clientId, cursor);
      else fromZero.delete(query.clientId);
    }
    return { changes: structuredClone(changes), cursor, hasMore, reset: false, lastAppliedSeq, serverTime: now() };
  }

  return {
    push,
    pull,
    log,
    deleteRecord(table, key) {
      const current = records.get(id(table, key));
      if (current === undefined) return;
      rev += 1;
      records.set(id(table, key), { ...current, state: EMPTY_STATE, rev, deleted: true });
    },
    compactTombstones() {
      for (const [recordId, record] of records) if (record.deleted) records.delete(recordId);
      horizon = rev;
    },
    forgetClient(clientId) {
      clients.delete(clientId);
    },
    lastSeq: (clientId) => clients.get(clientId) ?? 0,
    snapshot() {
      const live = new Map<string, Readonly<Record<string, unknown>>>();
      for (const record of records.values()) if (!record.deleted) live.set(id(record.table, record.key), record.state.values);
      return live;
    },
    transport: () => ({
      push: (request) => Promise.resolve().then(() => structuredClone(push(structuredClone(request)))),
      pull: (query) => Promise.resolve().then(() => structuredClone(pull(query))),
    }),
  };
}
