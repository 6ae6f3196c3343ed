import { compareHlc, formatHlc, initialHlc, isHlc, parseHlc, receive, tick, type Hlc } from '#core/sync/hlc';
import { EMPTY_STATE, keepNewest, mergeWrite, type FieldState, type KeptText } from '#core/sync/merge';
import {
  SYNCED_TABLES,
  validateMutation,
  type Change,
  type Mutation,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type RejectionReason,
  type SyncedTable,
  type pullQuerySchema,
} from '#core/sync/protocol';
import { DEFAULT_PROFILE, JOURNAL_TEXT_FIELDS, type JournalTextField } from '#core/schemas/records';
import type { z } from 'zod';
import type { Sql, TransactionSql } from '../../db/client.ts';
import { transact } from '../../db/transact.ts';
import { ApiError } from '../../http/api-error.ts';
import { columnOf, DELETED_FIELD, fieldOf, withoutDeleted, type StoredRecord } from './record-columns.ts';
import {
  bindClient,
  dropKeptTexts,
  keepTexts,
  loadRecords,
  lockUserRevision,
  purgeTombstones,
  readChanges,
  readKeptTexts,
  reserveRevisions,
  saveExercises,
  saveGameProgress,
  saveProfile,
  setClientSeq,
  type KeptTextKey,
  type KeptTextRow,
  type PurgedHorizon,
  type RecordKeys,
} from './repo.ts';

/** Server time in ms; injected so tests can move it. */
export type Clock = () => number;

/** A device clock may run ahead by this much; further ahead, its writes would win for days. */
export const MAX_CLOCK_AHEAD_MS = 48 * 60 * 60 * 1000;

/** Deleted records are kept this long so devices that were offline still learn of the deletion. */
export const TOMBSTONE_KEEP_DAYS = 90;

/** The node of clocks the server stamps on writes made through the record calls. */
export const SERVER_NODE = 'server';

/**
 * Every change to a user's records holds the user's revision row lock (see lockUserRevision).
 * Read committed: once the lock is held, each statement sees what the previous holder committed,
 * whereas a serializable snapshot taken before the wait would fail and retry on every contended
 * push. The lock, not the isolation level, is what orders a user's writes.
 */
const LOCKED = { isolation: 'read committed' } as const;

/** One write to apply: already checked against the protocol's table, key and field schemas. */
export interface RecordWrite {
  readonly table: SyncedTable;
  readonly key: string;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly hlc: Hlc;
  readonly deleted: boolean;
}

const recordId = (table: SyncedTable, key: string) => `${table}/${key}`;

function keysOf(writes: readonly { readonly table: SyncedTable; readonly key: string }[]): RecordKeys {
  const days = new Set<string>();
  let profiles = false;
  let gameProgress = false;
  for (const write of writes) {
    if (write.table === 'exercises') days.add(write.key);
    else if (write.table === 'profiles') profiles = true;
    else gameProgress = true;
  }
  return { exercises: [...days], profiles, gameProgress };
}

/** The fields of a stored state (without `deleted`) checked against a table's schema. */
function storedFields<S extends z.ZodType>(schema: S, table: SyncedTable, values: FieldState['values']): z.output<S> {
  const parsed = schema.safeParse(withoutDeleted(values));
  // Values only ever come from checked writes, so this is a broken invariant, not bad input.
  if (!parsed.success) throw new Error(`Stored ${table} fields no longer match their schema: ${parsed.error.message}`);
  return parsed.data;
}

const isDeleted = (state: FieldState): boolean => state.values[DELETED_FIELD] === true;

async function saveProfileRecord(tx: TransactionSql, userId: string, profile: StoredRecord): Promise<void> {
  const fields = storedFields(SYNCED_TABLES.profiles.fields, 'profiles', profile.state.values);
  await saveProfile(tx, userId, profile, {
    birthday: fields.birthday ?? null,
    dayStartMinutes: fields.dayStartMinutes ?? DEFAULT_PROFILE.dayStartMinutes,
    reminderEnabled: fields.reminderEnabled ?? DEFAULT_PROFILE.reminderEnabled,
    reminderMinutes: fields.reminderMinutes ?? null,
    reminderZone: fields.reminderZone ?? null,
    streakFreezes: fields.streakFreezes ?? [],
    doneRule: fields.doneRule ?? DEFAULT_PROFILE.doneRule,
    deleted: isDeleted(profile.state),
  });
}

async function saveGameRecord(tx: TransactionSql, userId: string, game: StoredRecord): Promise<void> {
  const fields = storedFields(SYNCED_TABLES.gameProgress.fields, 'gameProgress', game.state.values);
  await saveGameProgress(tx, userId, game, { state: fields.state ?? {}, deleted: isDeleted(game.state) });
}

async function saveRecords(tx: TransactionSql, userId: string, records: readonly StoredRecord[]): Promise<void> {
  const profile = records.find((record) => record.table === 'profiles');
  const game = records.find((record) => record.table === 'gameProgress');
  // Issued together: the driver pipelines them on the transaction's connection, in this order.
  await Promise.all([
    saveExercises(
      tx,
      userId,
      records.filter((record) => record.table === 'exercises'),
    ),
    profile === undefined ? undefined : saveProfileRecord(tx, userId, profile),
    game === undefined ? undefined : saveGameRecord(tx, userId, game),
  ]);
}

interface KeptTextChanges {
  /** Texts to keep (each replaces its device's kept text only when newer). */
  readonly keep: KeptTextRow[];
  /** (day, column, node) rows to remove: that device now holds the current text. */
  readonly drop: KeptTextKey[];
}

/**
 * What the kept journal texts become after a batch. The table holds, per (day, field, device),
 * the newest text that device wrote, except where that text is the current one (it is in the
 * exercise row already). Both parts depend only on the set of writes, never on their order, so
 * replicas and replays agree; and a push from the device that already holds the current text
 * (the usual case) changes nothing here. Only fields the batch wrote can change:
 * - every text of the batch, and the current text it replaced, is a candidate for its device;
 * - the device of the final current text keeps nothing (its newest text is the current one);
 * - when the current text moved to another device, that device's older kept text goes.
 */
function keptTextChanges(
  before: ReadonlyMap<string, StoredRecord>,
  after: ReadonlyMap<string, StoredRecord>,
  writes: readonly RecordWrite[],
): KeptTextChanges {
  /** Per `${day}/${column}`: the field and, per device, its newest candidate text. */
  const fields = new Map<string, { day: string; field: JournalTextField; column: string; newest: Map<string, KeptTextRow> }>();
  const consider = (day: string, field: JournalTextField, column: string, hlc: Hlc, text: string) => {
    const node = parseHlc(hlc)?.node;
    if (node === undefined) return;
    const id = `${day}/${column}`;
    let entry = fields.get(id);
    if (entry === undefined) {
      entry = { day, field, column, newest: new Map() };
      fields.set(id, entry);
    }
    const existing = entry.newest.get(node);
    if (keepNewest(existing, { node, hlc, text }) !== existing) entry.newest.set(node, { day, column, node, hlc, text });
  };
  for (const write of writes) {
    if (write.table !== 'exercises') continue;
    for (const field of JOURNAL_TEXT_FIELDS) {
      const text = write.fields[field];
      const column = columnOf('exercises', field);
      if (typeof text === 'string' && column !== undefined) consider(write.key, field, column, write.hlc, text);
    }
  }
  const currentNode = (state: FieldState | undefined, field: JournalTextField) => {
    const clock = state?.clocks[field];
    return clock === undefined ? undefined : parseHlc(clock)?.node;
  };
  const keep: KeptTextRow[] = [];
  const drop: KeptTextKey[] = [];
  for (const { day, field, column, newest } of fields.values()) {
    const id = recordId('exercises', day);
    const previous = before.get(id)?.state;
    const previousClock = previous?.clocks[field];
    const previousText = previous?.values[field];
    if (previousClock !== undefined && typeof previousText === 'string') consider(day, field, column, previousClock, previousText);
    const finalNode = currentNode(after.get(id)?.state, field);
    const previousNode = currentNode(previous, field);
    if (previousNode !== undefined && finalNode !== undefined && previousNode !== finalNode) drop.push({ day, column, node: finalNode });
    for (const candidate of newest.values()) if (candidate.node !== finalNode) keep.push(candidate);
  }
  return { keep, drop };
}

/**
 * Merges `writes` into the `stored` records (field by field, last writer wins, deletion being
 * one more field) and writes back, set-based: one upsert per table, revisions taken as one
 * range, kept journal texts in one upsert. Call with the user's revision lock held and `rev`
 * read under it. Returns the records after the merge, changed or not.
 */
async function mergeAndSave(
  tx: TransactionSql,
  userId: string,
  rev: number,
  stored: readonly StoredRecord[],
  writes: readonly RecordWrite[],
): Promise<Map<string, StoredRecord>> {
  const before = new Map(stored.map((record) => [recordId(record.table, record.key), record]));
  const records = new Map(before);
  const changed = new Set<string>();
  for (const write of writes) {
    const id = recordId(write.table, write.key);
    const current = records.get(id) ?? { table: write.table, key: write.key, rev: 0, state: EMPTY_STATE };
    const merged = mergeWrite(current.state, { fields: { ...write.fields, [DELETED_FIELD]: write.deleted }, hlc: write.hlc });
    if (merged.changed.length === 0) continue;
    records.set(id, { ...current, state: merged.state });
    changed.add(id);
  }
  const toSave: StoredRecord[] = [];
  for (const id of changed) {
    const record = records.get(id);
    if (record === undefined) continue;
    const saved = { ...record, rev: rev + toSave.length + 1 };
    toSave.push(saved);
    records.set(id, saved);
  }
  const texts = keptTextChanges(before, records, writes);
  if (toSave.length > 0) {
    const [lastRev] = await Promise.all([
      reserveRevisions(tx, userId, toSave.length),
      saveRecords(tx, userId, toSave),
      // After the exercises upsert: a kept text belongs to an existing exercise row.
      keepTexts(tx, userId, texts.keep),
      dropKeptTexts(tx, userId, texts.drop),
    ]);
    if (lastRev !== rev + toSave.length) throw new Error('Revisions moved while the user lock was held');
  } else {
    await Promise.all([keepTexts(tx, userId, texts.keep), dropKeptTexts(tx, userId, texts.drop)]);
  }
  return records;
}

/** Applies checked writes under the user's lock (taken by the caller). */
export async function applyWrites(tx: TransactionSql, userId: string, rev: number, writes: readonly RecordWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const stored = await loadRecords(tx, userId, keysOf(writes));
  await mergeAndSave(tx, userId, rev, stored, writes);
}

export interface Rejection {
  readonly seq: number;
  readonly reason: RejectionReason;
  readonly message: string;
}

export interface BatchPlan {
  /** The last seq the batch reaches: applied or rejected. */
  readonly lastSeq: number;
  readonly writes: RecordWrite[];
  readonly rejected: Rejection[];
}

type MutationCheck =
  | { readonly ok: true; readonly write: RecordWrite }
  | { readonly ok: false; readonly reason: RejectionReason; readonly message: string };

/** The protocol's checks of one mutation, plus the server's: a clock too far ahead is refused. */
export function checkMutation(mutation: Mutation, now: number): MutationCheck {
  const check = validateMutation(mutation);
  if (!check.ok) return check;
  const wall = parseHlc(mutation.hlc)?.wall;
  if (wall === undefined || wall > now + MAX_CLOCK_AHEAD_MS) {
    const hours = wall === undefined ? 'unknown' : ((wall - now) / 3_600_000).toFixed(0);
    return {
      ok: false,
      reason: 'CLOCK_INVALID',
      message: `The write is stamped ${hours} h ahead of the server clock; at most 48 h ahead is accepted`,
    };
  }
  return {
    ok: true,
    write: { table: check.table, key: mutation.key, fields: check.fields, hlc: mutation.hlc, deleted: mutation.deleted ?? false },
  };
}

/**
 * Which mutations of a batch to apply, given the client's last applied seq: those at or below
 * it were applied before (acknowledged again, no effect); a gap stops the batch (the device
 * resends from the reply's lastAppliedSeq); an invalid one is rejected and still moves the seq
 * on, so one bad write never blocks the queue behind it.
 */
export function planBatch(mutations: readonly Mutation[], lastSeq: number, now: number): BatchPlan {
  let last = lastSeq;
  const writes: RecordWrite[] = [];
  const rejected: Rejection[] = [];
  for (const mutation of [...mutations].sort((a, b) => a.seq - b.seq)) {
    if (mutation.seq <= last) continue;
    if (mutation.seq !== last + 1) break;
    last = mutation.seq;
    const check = checkMutation(mutation, now);
    if (check.ok) writes.push(check.write);
    else rejected.push({ seq: mutation.seq, reason: check.reason, message: check.message });
  }
  return { lastSeq: last, writes, rejected };
}

/** POST /api/sync/push: one transaction for the whole batch. */
export async function pushMutations(sql: Sql, userId: string, request: PushRequest, clock: Clock): Promise<PushResponse> {
  const receivedAt = clock();
  const plan = await transact(
    sql,
    async (tx) => {
      // The user's lock first, always: two pushes of one user then queue instead of deadlocking.
      const [revision, client] = await Promise.all([lockUserRevision(tx, userId), bindClient(tx, request.clientId, userId)]);
      if (client.userId !== userId) {
        throw new ApiError('CLIENT_NOT_OWNED', 'This device id belongs to another account; sync with a new one.');
      }
      const batch = planBatch(request.mutations, client.lastSeq, receivedAt);
      await applyWrites(tx, userId, revision.rev, batch.writes);
      if (batch.lastSeq > client.lastSeq) await setClientSeq(tx, request.clientId, batch.lastSeq);
      return batch;
    },
    LOCKED,
  );
  return { lastAppliedSeq: plan.lastSeq, rejected: plan.rejected, serverTime: clock() };
}

export type PullQuery = z.output<typeof pullQuerySchema>;

/** A record as a pull reports it; a tombstone carries only the clock of its deletion. */
export function toChange(record: StoredRecord): Change {
  const { table, key, rev, state } = record;
  if (isDeleted(state)) {
    const deletedClock = state.clocks[DELETED_FIELD];
    return { table, key, values: {}, clocks: deletedClock === undefined ? {} : { [DELETED_FIELD]: deletedClock }, deleted: true, rev };
  }
  return { table, key, values: withoutDeleted(state.values), clocks: withoutDeleted(state.clocks), deleted: false, rev };
}

/**
 * GET /api/sync/pull. A cursor below the tombstone horizon could miss deletions, and one above
 * the current revision means the server lost changes the device has (a restore): both answer
 * reset, unless the device says it is already pulling everything from 0 (`full`).
 */
export async function pullChanges(sql: Sql, userId: string, query: PullQuery, clock: Clock): Promise<PullResponse> {
  const { state, records } = await readChanges(sql, userId, query.cursor, query.limit + 1, query.clientId ?? null);
  const serverTime = clock();
  const tooOld = query.cursor > 0 && query.cursor < state.horizon;
  const fromTheFuture = query.cursor > state.rev;
  if (query.full !== true && (tooOld || fromTheFuture)) {
    return { changes: [], cursor: 0, hasMore: false, reset: true, lastAppliedSeq: state.lastSeq, serverTime };
  }
  const page = records.slice(0, query.limit);
  const hasMore = records.length > query.limit;
  const cursor = hasMore ? (page.at(-1)?.rev ?? query.cursor) : Math.max(query.cursor, state.rev);
  return { changes: page.map(toChange), cursor, hasMore, reset: false, lastAppliedSeq: state.lastSeq, serverTime };
}

/** The stored record, tombstones included; null when it was never written. */
export async function readRecord(sql: Sql, userId: string, table: SyncedTable, key: string): Promise<StoredRecord | null> {
  const [record] = await loadRecords(sql, userId, keysOf([{ table, key }]));
  return record ?? null;
}

/** A server clock newer than every clock of the record: the server's write wins over what it has seen. */
export function serverStamp(state: FieldState, now: number): Hlc {
  let newest: Hlc | undefined;
  for (const clock of Object.values(state.clocks)) if (newest === undefined || compareHlc(clock, newest) > 0) newest = clock;
  const seen = newest === undefined ? null : parseHlc(newest);
  const start = initialHlc(SERVER_NODE);
  return formatHlc(seen === null ? tick(start, now) : receive(start, seen, now));
}

/**
 * A write made by the server for the signed-in person (the record calls): stamped with a server
 * clock and applied through the same merge, revision and kept-text path as a push, so every
 * device pulls it. Returns the record after the write.
 */
export async function writeAsServer(
  sql: Sql,
  userId: string,
  table: SyncedTable,
  key: string,
  fields: Readonly<Record<string, unknown>>,
  clock: Clock,
): Promise<StoredRecord> {
  const checked = validateMutation({ seq: 1, table, key, fields, hlc: formatHlc(initialHlc(SERVER_NODE)) });
  if (!checked.ok) throw new Error(`A server write must be a valid record: ${checked.message}`);
  return transact(
    sql,
    async (tx) => {
      const { rev } = await lockUserRevision(tx, userId);
      const stored = await loadRecords(tx, userId, keysOf([{ table, key }]));
      const hlc = serverStamp(stored[0]?.state ?? EMPTY_STATE, clock());
      const records = await mergeAndSave(tx, userId, rev, stored, [{ table, key, fields: checked.fields, hlc, deleted: false }]);
      const record = records.get(recordId(table, key));
      if (record === undefined) throw new Error('The written record is missing after the merge');
      return record;
    },
    LOCKED,
  );
}

/** Removes tombstones older than `keepDays` and records each user's new horizon (a daily job). */
export async function purgeOldTombstones(
  sql: Sql,
  { now, keepDays = TOMBSTONE_KEEP_DAYS }: { readonly now: number; readonly keepDays?: number },
): Promise<PurgedHorizon[]> {
  const cutoff = new Date(now - keepDays * 24 * 60 * 60 * 1000);
  return transact(sql, (tx) => purgeTombstones(tx, cutoff), LOCKED);
}

/**
 * The kept journal texts of one day per field: each device's newest text, except the device
 * holding the current text (read that from the record). The server's writes are under SERVER_NODE.
 */
export async function keptTextsOf(sql: Sql, userId: string, day: string): Promise<Map<JournalTextField, KeptText[]>> {
  const kept = new Map<JournalTextField, KeptText[]>(JOURNAL_TEXT_FIELDS.map((field) => [field, []]));
  for (const row of await readKeptTexts(sql, userId, day)) {
    const field = JOURNAL_TEXT_FIELDS.find((name) => name === fieldOf('exercises', row.column));
    if (field === undefined || !isHlc(row.hlc)) continue;
    kept.get(field)?.push({ node: row.node, hlc: row.hlc, text: row.text });
  }
  return kept;
}
