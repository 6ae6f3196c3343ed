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
import { parseCalendarDay } from '#core/dates/calendar-day';
import { DEFAULT_PROFILE, JOURNAL_TEXT_FIELDS, type JournalTextField } from '#core/schemas/records';
import type { z } from 'zod';
import type { Sql, TransactionSql } from '../../db/client.ts';
import { sendIssued } from '../../db/send-issued.ts';
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
  readChangesForSession,
  readKeptTexts,
  reserveRevisions,
  insertExercises,
  saveExercises,
  saveGameProgress,
  saveProfile,
  setClientSeq,
  type ChangedRecords,
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

/**
 * Merged records are written in statements of at most this many: a statement goes out while the
 * rest of the batch is merged, and the database applies it while the next one is prepared.
 */
const SAVE_CHUNK = 250;

/**
 * Issues the writes of merged records (see mergeAndSave). `stored` tells the records that have
 * a row already (read under the lock): the others are inserted, the rest upserted.
 */
function issueSaves(
  tx: TransactionSql,
  userId: string,
  records: readonly StoredRecord[],
  stored: (record: StoredRecord) => boolean,
  issue: (statement: Promise<unknown>) => void,
): void {
  const exercises = records.filter((record) => record.table === 'exercises');
  issue(insertExercises(tx, userId, exercises.filter((record) => !stored(record))));
  issue(saveExercises(tx, userId, exercises.filter(stored)));
  const profile = records.find((record) => record.table === 'profiles');
  if (profile !== undefined) issue(saveProfileRecord(tx, userId, profile));
  const game = records.find((record) => record.table === 'gameProgress');
  if (game !== undefined) issue(saveGameRecord(tx, userId, game));
}

/** The journal text fields with their columns (journal_versions names a field by its column). */
const JOURNAL_COLUMNS = JOURNAL_TEXT_FIELDS.map((field) => {
  const column = columnOf('exercises', field);
  if (column === undefined) throw new Error(`No column for the journal field ${field}`);
  return { field, column };
});

/**
 * The node of a clock. Every clock here is a checked HLC (wall, counter, node: 15 digits, '-',
 * 6 digits, '-', node), so the node starts at a fixed place: a push reads thousands of them.
 */
export function nodeOf(hlc: Hlc): string {
  return isHlcShaped(hlc) ? hlc.slice(23) : (parseHlc(hlc)?.node ?? '');
}

/** The wall time of a clock, as parseHlc reads it (see nodeOf); undefined for a malformed one. */
export function wallOf(hlc: Hlc): number | undefined {
  return isHlcShaped(hlc) ? Number(hlc.slice(0, 15)) : parseHlc(hlc)?.wall;
}

/** 15 digits, '-', 6 digits, '-', then the node: read by position, without a regular expression. */
function isHlcShaped(hlc: string): boolean {
  if (hlc.length < 24 || hlc.charCodeAt(15) !== 45 || hlc.charCodeAt(22) !== 45) return false;
  for (let index = 0; index < 22; index += 1) {
    const code = hlc.charCodeAt(index);
    if (index !== 15 && (code < 48 || code > 57)) return false;
  }
  return true;
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
    const node = nodeOf(hlc);
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
    for (const { field, column } of JOURNAL_COLUMNS) {
      const text = write.fields[field];
      if (typeof text === 'string') consider(write.key, field, column, write.hlc, text);
    }
  }
  const currentNode = (state: FieldState | undefined, field: JournalTextField) => {
    const clock = state?.clocks[field];
    return clock === undefined ? undefined : nodeOf(clock);
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
 * one more field) and writes back, set-based: a multi-row statement per table and chunk,
 * revisions taken as one range, kept journal texts in one upsert. `alsoIssue` adds statements
 * of the caller's to the same pipeline, after these. Call with the user's revision lock held
 * and `rev` read under it. Returns the records after the merge, changed or not.
 *
 * A record is saved once, with its next revision, as soon as the last write of the batch that
 * names it is merged; every statement goes out when it is ready (pipelined, in this order, on
 * the transaction's connection) and all are awaited at the end. So the database writes one
 * chunk while the next is merged, and the kept texts, which need the whole batch, are worked
 * out while it writes the last; they follow the exercise writes, as a kept text belongs to an
 * existing exercise row.
 */
async function mergeAndSave(
  tx: TransactionSql,
  userId: string,
  rev: number,
  stored: readonly StoredRecord[],
  writes: readonly RecordWrite[],
  alsoIssue: (tx: TransactionSql) => Promise<void> = () => Promise.resolve(),
): Promise<Map<string, StoredRecord>> {
  const before = new Map(stored.map((record) => [recordId(record.table, record.key), record]));
  const isStored = (record: StoredRecord) => before.has(recordId(record.table, record.key));
  const records = new Map(before);
  const ids = writes.map((write) => recordId(write.table, write.key));
  const lastWrite = new Map(ids.map((id, index) => [id, index]));
  const changed = new Set<string>();
  const pending: Promise<unknown>[] = [];
  const issue = (statement: Promise<unknown>) => {
    // Handled at once: a failure can come back before the final await.
    statement.catch(() => undefined);
    pending.push(statement);
  };
  let saved = 0;
  let ready: StoredRecord[] = [];
  for (let index = 0; index < writes.length; index += 1) {
    const write = writes[index];
    const id = ids[index];
    if (write === undefined || id === undefined) continue;
    const current = records.get(id) ?? { table: write.table, key: write.key, rev: 0, state: EMPTY_STATE };
    const merged = mergeWrite(current.state, { fields: { ...write.fields, [DELETED_FIELD]: write.deleted }, hlc: write.hlc });
    if (merged.changed.length > 0) {
      records.set(id, { ...current, state: merged.state });
      changed.add(id);
    }
    if (lastWrite.get(id) !== index || !changed.has(id)) continue;
    const record = records.get(id);
    if (record === undefined) continue;
    saved += 1;
    const final = { ...record, rev: rev + saved };
    records.set(id, final);
    ready.push(final);
    if (ready.length >= SAVE_CHUNK) {
      issueSaves(tx, userId, ready, isStored, issue);
      ready = [];
      await sendIssued();
    }
  }
  issueSaves(tx, userId, ready, isStored, issue);
  const reserving = saved > 0 ? reserveRevisions(tx, userId, saved) : Promise.resolve(rev);
  issue(reserving);
  await sendIssued();
  const texts = keptTextChanges(before, records, writes);
  issue(keepTexts(tx, userId, texts.keep));
  issue(dropKeptTexts(tx, userId, texts.drop));
  issue(alsoIssue(tx));
  await Promise.all(pending);
  const lastRev = await reserving;
  if (lastRev !== rev + saved) throw new Error('Revisions moved while the user lock was held');
  return records;
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

/** Whether a value holds U+0000 in a text or a key: PostgreSQL's text and jsonb cannot store it. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === 'object' && value !== null) {
    // A loop over the keys, not Object.entries: this runs for every mutation of every push.
    for (const key in value) {
      if (key.includes('\u0000') || holdsNul((value as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

/**
 * The protocol's checks of one mutation, plus the server's: a clock too far ahead is refused, and
 * so is a NUL character, which the database cannot store (it would fail the whole batch, again
 * on every retry, instead of this one write).
 */
export function checkMutation(mutation: Mutation, now: number): MutationCheck {
  const check = validateMutation(mutation);
  if (!check.ok) return check;
  if (holdsNul(check.fields)) {
    return { ok: false, reason: 'INVALID_FIELDS', message: 'A text holds the NUL character (U+0000), which cannot be stored' };
  }
  const wall = wallOf(mutation.hlc);
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

/** A batch's mutations in seq order, each with its check (which depends on nothing but the mutation and the clock). */
export type CheckedBatch = readonly { readonly seq: number; readonly check: MutationCheck }[];

export function checkBatch(mutations: readonly Mutation[], now: number): CheckedBatch {
  return [...mutations].sort((a, b) => a.seq - b.seq).map((mutation) => ({ seq: mutation.seq, check: checkMutation(mutation, now) }));
}

/**
 * Which mutations of a batch to apply, given the client's last applied seq: those at or below
 * it were applied before (acknowledged again, no effect); a gap stops the batch (the device
 * resends from the reply's lastAppliedSeq); an invalid one is rejected and still moves the seq
 * on, so one bad write never blocks the queue behind it.
 */
export function planChecked(batch: CheckedBatch, lastSeq: number): BatchPlan {
  let last = lastSeq;
  const writes: RecordWrite[] = [];
  const rejected: Rejection[] = [];
  for (const { seq, check } of batch) {
    if (seq <= last) continue;
    if (seq !== last + 1) break;
    last = seq;
    if (check.ok) writes.push(check.write);
    else rejected.push({ seq, reason: check.reason, message: check.message });
  }
  return { lastSeq: last, writes, rejected };
}

export function planBatch(mutations: readonly Mutation[], lastSeq: number, now: number): BatchPlan {
  return planChecked(checkBatch(mutations, now), lastSeq);
}

/**
 * The records a batch names, found before its checks so they can be read together with the
 * lock while the checks run. A key that is no calendar day is left out (its mutation will be
 * rejected); records of mutations the batch skips are read for nothing, which is harmless.
 */
function keysOfMutations(mutations: readonly Mutation[]): RecordKeys {
  const days = new Set<string>();
  let profiles = false;
  let gameProgress = false;
  for (const { table, key } of mutations) {
    if (table === 'exercises') {
      if (parseCalendarDay(key) !== null) days.add(key);
    } else if (table === 'profiles') profiles = true;
    else if (table === 'gameProgress') gameProgress = true;
  }
  return { exercises: [...days], profiles, gameProgress };
}

/** POST /api/sync/push: one transaction for the whole batch. */
export async function pushMutations(sql: Sql, userId: string, request: PushRequest, clock: Clock): Promise<PushResponse> {
  const receivedAt = clock();
  const keys = keysOfMutations(request.mutations);
  const plan = await transact(
    sql,
    async (tx) => {
      // The user's lock first, always: two pushes of one user then queue instead of deadlocking.
      // The three are pipelined in this order on the transaction's connection, so the records
      // are read once the lock is held and show what its previous holder committed.
      const reading = Promise.all([lockUserRevision(tx, userId), bindClient(tx, request.clientId, userId), loadRecords(tx, userId, keys)]);
      reading.catch(() => undefined);
      await sendIssued();
      // Each mutation's check depends on the mutation and the clock alone: done while the database reads.
      const batch = checkBatch(request.mutations, receivedAt);
      const [revision, client, stored] = await reading;
      if (client.userId !== userId) {
        throw new ApiError('CLIENT_NOT_OWNED', 'This device id belongs to another account; sync with a new one.');
      }
      const planned = planChecked(batch, client.lastSeq);
      // The client's new seq goes in the same pipeline as the writes: same transaction, one round trip.
      const recordSeq = async (tx: TransactionSql) => {
        if (planned.lastSeq > client.lastSeq) await setClientSeq(tx, request.clientId, planned.lastSeq);
      };
      if (planned.writes.length > 0) await mergeAndSave(tx, userId, revision.rev, stored, planned.writes, recordSeq);
      else await recordSeq(tx);
      return planned;
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

/** The pull's answer from what readChanges found. */
function pullResponse({ state, records }: ChangedRecords, query: PullQuery, serverTime: number): PullResponse {
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

/**
 * GET /api/sync/pull. A cursor below the tombstone horizon could miss deletions, and one above
 * the current revision means the server lost changes the device has (a restore): both answer
 * reset, unless the device says it is already pulling everything from 0 (`full`).
 */
export async function pullChanges(sql: Sql, userId: string, query: PullQuery, clock: Clock): Promise<PullResponse> {
  const read = await readChanges(sql, userId, query.cursor, query.limit + 1, query.clientId ?? null);
  return pullResponse(read, query, clock());
}

/**
 * The same pull for the bearer of a session token (its SHA-256, as sessions stores it), the
 * session checked in the pull's own statement; null when the session is not live.
 */
export async function pullChangesForSession(sql: Sql, tokenHash: Buffer, query: PullQuery, clock: Clock): Promise<PullResponse | null> {
  const read = await readChangesForSession(sql, tokenHash, query.cursor, query.limit + 1, query.clientId ?? null);
  return read === null ? null : pullResponse(read, query, clock());
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
  if (holdsNul(checked.fields)) throw new ApiError('INVALID_REQUEST', 'A text holds the NUL character (U+0000), which cannot be stored.');
  return transact(
    sql,
    async (tx) => {
      // Pipelined in this order: the record is read once the lock is held.
      const [{ rev }, stored] = await Promise.all([lockUserRevision(tx, userId), loadRecords(tx, userId, keysOf([{ table, key }]))]);
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
