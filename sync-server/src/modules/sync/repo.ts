import type { Hlc } from '#core/sync/hlc';
import type { SyncedTable } from '#core/sync/protocol';
import { boolArray, integerArray, textArray } from '../../db/array-literal.ts';
import type { Queryable, TransactionSql } from '../../db/client.ts';
import { liveSession } from '../accounts/session-repo.ts';
import { clocksByColumn, recordFromColumns, type StoredRecord } from './record-columns.ts';

// Array parameters carry their element type: without it the driver guesses from the values.
// The statements of a push pass array literals instead (db/array-literal.ts): thousands of elements.
const OID = { uuid: 2950 } as const;

export interface UserRevision {
  readonly rev: number;
  readonly horizon: number;
}

/**
 * Takes the user's revision row (made on first use) and holds its lock until the transaction
 * ends. Every change to a user's synced records runs under this lock, so revisions commit in
 * the order they are handed out and a pull never skips a lower revision committed later.
 */
export async function lockUserRevision(tx: TransactionSql, userId: string): Promise<UserRevision> {
  const [row] = await tx<{ rev: number; tombstone_horizon: number }[]>`
    insert into user_revisions (user_id) values (${userId})
    on conflict (user_id) do update set rev = user_revisions.rev
    returning rev, tombstone_horizon`;
  if (row === undefined) throw new Error('user_revisions upsert returned no row');
  return { rev: row.rev, horizon: row.tombstone_horizon };
}

/** Hands out `count` revisions after the current one; returns the last of them. */
export async function reserveRevisions(tx: TransactionSql, userId: string, count: number): Promise<number> {
  const [row] = await tx<{ rev: number }[]>`
    update user_revisions set rev = rev + ${count} where user_id = ${userId} returning rev`;
  if (row === undefined) throw new Error('user_revisions row vanished under its lock');
  return row.rev;
}

export interface SyncClientRow {
  readonly userId: string;
  readonly lastSeq: number;
}

/** The client's row, made for `userId` on first use and locked; its owner may be someone else. */
export async function bindClient(tx: TransactionSql, clientId: string, userId: string): Promise<SyncClientRow> {
  const [row] = await tx<{ user_id: string; last_seq: number }[]>`
    insert into sync_clients (client_id, user_id) values (${clientId}, ${userId})
    on conflict (client_id) do update set last_seen_at = now()
    returning user_id, last_seq`;
  if (row === undefined) throw new Error('sync_clients upsert returned no row');
  return { userId: row.user_id, lastSeq: row.last_seq };
}

export async function setClientSeq(tx: TransactionSql, clientId: string, lastSeq: number): Promise<void> {
  await tx`update sync_clients set last_seq = greatest(last_seq, ${lastSeq}) where client_id = ${clientId}`;
}

interface RecordRow {
  readonly tbl: SyncedTable;
  readonly key: string;
  readonly rev: number;
  readonly vals: unknown;
  readonly clocks: unknown;
}

const toRecord = (row: RecordRow): StoredRecord => recordFromColumns(row.tbl, row.key, row.rev, row.vals, row.clocks);

/** The columns of each synced table as (tbl, key, rev, vals, clocks); `vals` is keyed by column. */
function exerciseColumns(db: Queryable) {
  return db`'exercises'::text as tbl, to_char(day, 'YYYY-MM-DD') as key, rev, field_clocks as clocks,
    jsonb_build_object('mortality', mortality, 'gratitude', gratitude, 'gratitude_one', gratitude_one,
      'gratitude_two', gratitude_two, 'gratitude_three', gratitude_three, 'deleted', deleted) as vals`;
}
function profileColumns(db: Queryable) {
  return db`'profiles'::text as tbl, 'me'::text as key, rev, field_clocks as clocks,
    jsonb_build_object('birthday', to_char(birthday, 'YYYY-MM-DD'), 'day_start_minutes', day_start_minutes,
      'reminder_enabled', reminder_enabled, 'reminder_time', reminder_time, 'reminder_zone', reminder_zone,
      'streak_freezes', streak_freezes, 'done_rule', done_rule, 'deleted', deleted) as vals`;
}
function gameColumns(db: Queryable) {
  return db`'gameProgress'::text as tbl, 'me'::text as key, rev, field_clocks as clocks,
    jsonb_build_object('state', state, 'deleted', deleted) as vals`;
}

export interface RecordKeys {
  readonly exercises: readonly string[];
  readonly profiles: boolean;
  readonly gameProgress: boolean;
}

/**
 * The stored rows of the given records, in one query. The days are joined, one primary-key
 * lookup each: with `day = any(…)` a cached generic plan could scan all of the user's days and
 * test each against the whole list (seen: 28 ms for 1,000 days of a user with 12,000).
 */
export async function loadRecords(db: Queryable, userId: string, keys: RecordKeys): Promise<StoredRecord[]> {
  const rows = await db<RecordRow[]>`
    select ${exerciseColumns(db)} from unnest(${textArray(keys.exercises)}::date[]) as wanted(wanted_day)
    join exercises on exercises.user_id = ${userId} and exercises.day = wanted.wanted_day
    union all
    select ${profileColumns(db)} from profiles where user_id = ${userId} and ${keys.profiles}
    union all
    select ${gameColumns(db)} from game_progress where user_id = ${userId} and ${keys.gameProgress}`;
  return rows.map(toRecord);
}

export interface PullState {
  readonly rev: number;
  readonly horizon: number;
  readonly lastSeq: number | null;
}

export interface ChangedRecords {
  readonly state: PullState;
  /** Records with a revision above the cursor, in revision order, at most `limit`. */
  readonly records: StoredRecord[];
}

/** Whose changes a pull reads: a known user, or the user of a live session found in the same statement. */
type PullOwner = { readonly userId: string } | { readonly tokenHash: Buffer };

/**
 * The owner's records changed after `cursor`, with the current revision, the tombstone horizon
 * and the client's last seq, all in ONE statement and so from one snapshot: a cursor made of
 * the current revision can then never pass over a change the page did not include. Null when
 * the owner is a session that is unknown, revoked or expired.
 */
async function readOwnedChanges(
  db: Queryable,
  owner: PullOwner,
  cursor: number,
  limit: number,
  clientId: string | null,
): Promise<(ChangedRecords & { readonly userId: string }) | null> {
  type Row = { [K in keyof RecordRow]: RecordRow[K] | null } & {
    user_id: string;
    current_rev: number;
    horizon: number;
    last_seq: number | null;
  };
  const ownerRow =
    'userId' in owner
      ? db`select ${owner.userId}::uuid as user_id`
      : liveSession(db, owner.tokenHash);
  // One row even with no change (the lateral join's nulls): the state columns are always there;
  // no row at all only when the session is not live.
  const rows = await db<Row[]>`
    with owner as (${ownerRow}), state as (
      select o.user_id, coalesce(u.rev, 0) as current_rev, coalesce(u.tombstone_horizon, 0) as horizon, c.last_seq
      from owner o
      left join user_revisions u on u.user_id = o.user_id
      left join sync_clients c on c.client_id = ${clientId} and c.user_id = o.user_id
    )
    select state.*, changed.* from state left join lateral (
      select * from (
        (select ${exerciseColumns(db)} from exercises where user_id = state.user_id and rev > ${cursor} order by rev limit ${limit})
        union all
        (select ${profileColumns(db)} from profiles where user_id = state.user_id and rev > ${cursor})
        union all
        (select ${gameColumns(db)} from game_progress where user_id = state.user_id and rev > ${cursor})
      ) as records order by rev limit ${limit}
    ) as changed on true
    order by changed.rev`;
  const first = rows[0];
  if (first === undefined) return null;
  const state: PullState = { rev: first.current_rev, horizon: first.horizon, lastSeq: first.last_seq };
  const records: StoredRecord[] = [];
  for (const row of rows) {
    if (row.tbl === null || row.key === null || row.rev === null) continue;
    records.push(recordFromColumns(row.tbl, row.key, row.rev, row.vals, row.clocks));
  }
  return { userId: first.user_id, state, records };
}

/** The user's records changed after `cursor` (see readOwnedChanges). */
export async function readChanges(
  db: Queryable,
  userId: string,
  cursor: number,
  limit: number,
  clientId: string | null,
): Promise<ChangedRecords> {
  const read = await readOwnedChanges(db, { userId }, cursor, limit, clientId);
  if (read === null) throw new Error('a pull by user id always has its state row');
  return read;
}

/**
 * The same for the user of a live session (token hash as sessions stores it), with the session
 * check in the same statement: a pull is one round trip. Null when the session is not live.
 */
export function readChangesForSession(
  db: Queryable,
  tokenHash: Buffer,
  cursor: number,
  limit: number,
  clientId: string | null,
): Promise<(ChangedRecords & { readonly userId: string }) | null> {
  return readOwnedChanges(db, { tokenHash }, cursor, limit, clientId);
}

const bool = (value: unknown, empty: boolean): boolean => (typeof value === 'boolean' ? value : empty);
const text = (value: unknown, empty: string): string => (typeof value === 'string' ? value : empty);

/** The fields of an exercise with a clock in field_clocks, in the order of exerciseRows' clock columns. */
const EXERCISE_CLOCK_FIELDS = ['mortality', 'gratitude', 'gratitudeOne', 'gratitudeTwo', 'gratitudeThree', 'deleted'] as const;

/** Exercise records as rows to insert: (user_id, day, …, rev, updated_at) selected from one array per column. */
function exerciseRows(tx: TransactionSql, userId: string, records: readonly StoredRecord[]) {
  // One pass over the records, one array per column; each field's clock is a column of its own
  // (null where never written). field_clocks is put together in SQL as JSON text (a clock is
  // digits, letters, '_' and '-': nothing to escape), which the database reads cheaper than it
  // builds and strips an object of six keys.
  const days: string[] = [];
  const mortality: boolean[] = [];
  const gratitude: boolean[] = [];
  const one: string[] = [];
  const two: string[] = [];
  const three: string[] = [];
  const deleted: boolean[] = [];
  const clocks = EXERCISE_CLOCK_FIELDS.map((): (string | null)[] => []);
  const revs: number[] = [];
  for (const { key, rev, state } of records) {
    const { values } = state;
    days.push(key);
    mortality.push(bool(values.mortality, false));
    gratitude.push(bool(values.gratitude, false));
    one.push(text(values.gratitudeOne, ''));
    two.push(text(values.gratitudeTwo, ''));
    three.push(text(values.gratitudeThree, ''));
    deleted.push(bool(values.deleted, false));
    EXERCISE_CLOCK_FIELDS.forEach((field, index) => clocks[index]?.push(state.clocks[field] ?? null));
    revs.push(rev);
  }
  const [mortalityClocks = [], gratitudeClocks = [], oneClocks = [], twoClocks = [], threeClocks = [], deletedClocks = []] = clocks;
  return tx`
    select ${userId}::uuid, r.day, r.mortality, r.gratitude, r.one, r.two, r.three, r.deleted,
      ('{' || concat_ws(',', '"mortality":"' || r.mortality_clock || '"', '"gratitude":"' || r.gratitude_clock || '"',
        '"gratitude_one":"' || r.one_clock || '"', '"gratitude_two":"' || r.two_clock || '"',
        '"gratitude_three":"' || r.three_clock || '"', '"deleted":"' || r.deleted_clock || '"') || '}')::jsonb,
      r.rev, now()
    from unnest(
      ${textArray(days)}::date[],
      ${boolArray(mortality)}::bool[],
      ${boolArray(gratitude)}::bool[],
      ${textArray(one)}::text[],
      ${textArray(two)}::text[],
      ${textArray(three)}::text[],
      ${boolArray(deleted)}::bool[],
      ${textArray(mortalityClocks)}::text[],
      ${textArray(gratitudeClocks)}::text[],
      ${textArray(oneClocks)}::text[],
      ${textArray(twoClocks)}::text[],
      ${textArray(threeClocks)}::text[],
      ${textArray(deletedClocks)}::text[],
      ${integerArray(revs)}::int8[]
    ) as r(day, mortality, gratitude, one, two, three, deleted,
      mortality_clock, gratitude_clock, one_clock, two_clock, three_clock, deleted_clock, rev)`;
}

/**
 * Inserts exercise records that have no row yet, in one statement. Only for days read under the
 * user's revision lock and found missing: every write of a user's exercises holds that lock, so
 * nothing can insert them in between (a plain insert spares the upsert's check per row).
 */
export async function insertExercises(tx: TransactionSql, userId: string, records: readonly StoredRecord[]): Promise<void> {
  if (records.length === 0) return;
  await tx`
    insert into exercises (user_id, day, mortality, gratitude, gratitude_one, gratitude_two, gratitude_three,
      deleted, field_clocks, rev, updated_at)
    ${exerciseRows(tx, userId, records)}`;
}

/** Writes exercise records back, all in one multi-row upsert. */
export async function saveExercises(tx: TransactionSql, userId: string, records: readonly StoredRecord[]): Promise<void> {
  if (records.length === 0) return;
  await tx`
    insert into exercises as e (user_id, day, mortality, gratitude, gratitude_one, gratitude_two, gratitude_three,
      deleted, field_clocks, rev, updated_at)
    ${exerciseRows(tx, userId, records)}
    on conflict (user_id, day) do update set
      mortality = excluded.mortality, gratitude = excluded.gratitude, gratitude_one = excluded.gratitude_one,
      gratitude_two = excluded.gratitude_two, gratitude_three = excluded.gratitude_three, deleted = excluded.deleted,
      field_clocks = excluded.field_clocks, rev = excluded.rev, updated_at = excluded.updated_at`;
}

export interface ProfileColumns {
  readonly birthday: string | null;
  readonly dayStartMinutes: number;
  readonly reminderEnabled: boolean;
  readonly reminderMinutes: number | null;
  readonly reminderZone: string | null;
  readonly streakFreezes: readonly string[];
  readonly doneRule: string;
  readonly deleted: boolean;
}

export async function saveProfile(
  tx: TransactionSql,
  userId: string,
  record: StoredRecord,
  columns: ProfileColumns,
): Promise<void> {
  await tx`
    insert into profiles (user_id, birthday, day_start_minutes, reminder_enabled, reminder_time, reminder_zone,
      streak_freezes, done_rule, deleted, field_clocks, rev, updated_at)
    values (${userId}, ${columns.birthday}::date, ${columns.dayStartMinutes}, ${columns.reminderEnabled},
      ${columns.reminderMinutes}, ${columns.reminderZone}, ${tx.json([...columns.streakFreezes])}, ${columns.doneRule}, ${columns.deleted},
      ${tx.json(clocksByColumn('profiles', record.state.clocks))}, ${record.rev}, now())
    on conflict (user_id) do update set
      birthday = excluded.birthday, day_start_minutes = excluded.day_start_minutes,
      reminder_enabled = excluded.reminder_enabled, reminder_time = excluded.reminder_time,
      reminder_zone = excluded.reminder_zone, streak_freezes = excluded.streak_freezes, done_rule = excluded.done_rule,
      deleted = excluded.deleted,
      field_clocks = excluded.field_clocks, rev = excluded.rev, updated_at = excluded.updated_at`;
}

export type GameState = Readonly<Record<string, string | number | boolean | null>>;

export async function saveGameProgress(
  tx: TransactionSql,
  userId: string,
  record: StoredRecord,
  columns: { readonly state: GameState; readonly deleted: boolean },
): Promise<void> {
  await tx`
    insert into game_progress (user_id, state, deleted, field_clocks, rev, updated_at)
    values (${userId}, ${tx.json({ ...columns.state })}, ${columns.deleted},
      ${tx.json(clocksByColumn('gameProgress', record.state.clocks))}, ${record.rev}, now())
    on conflict (user_id) do update set
      state = excluded.state, deleted = excluded.deleted, field_clocks = excluded.field_clocks,
      rev = excluded.rev, updated_at = excluded.updated_at`;
}

export interface KeptTextKey {
  readonly day: string;
  /** The journal column: gratitude_one, gratitude_two or gratitude_three. */
  readonly column: string;
  readonly node: string;
}

export interface KeptTextRow extends KeptTextKey {
  readonly hlc: Hlc;
  readonly text: string;
}

/**
 * Keeps each device's newest text per day and field: a row is replaced only by a newer clock
 * (compared byte-wise, as the protocol orders clocks, whatever the database's collation).
 * `texts` must hold at most one row per (day, column, node).
 */
export async function keepTexts(tx: TransactionSql, userId: string, texts: readonly KeptTextRow[]): Promise<void> {
  if (texts.length === 0) return;
  await tx`
    insert into journal_versions as v (user_id, day, field, node, hlc, text)
    select ${userId}, r.day, r.field, r.node, r.hlc, r.text
    from unnest(
      ${textArray(texts.map((row) => row.day))}::date[],
      ${textArray(texts.map((row) => row.column))}::text[],
      ${textArray(texts.map((row) => row.node))}::text[],
      ${textArray(texts.map((row) => row.hlc))}::text[],
      ${textArray(texts.map((row) => row.text))}::text[]
    ) as r(day, field, node, hlc, text)
    on conflict (user_id, day, field, node) do update set hlc = excluded.hlc, text = excluded.text
    where excluded.hlc collate "C" > v.hlc collate "C"`;
}

export async function dropKeptTexts(tx: TransactionSql, userId: string, keys: readonly KeptTextKey[]): Promise<void> {
  if (keys.length === 0) return;
  await tx`
    delete from journal_versions as v
    using unnest(
      ${textArray(keys.map((key) => key.day))}::date[],
      ${textArray(keys.map((key) => key.column))}::text[],
      ${textArray(keys.map((key) => key.node))}::text[]
    ) as r(day, field, node)
    where v.user_id = ${userId} and v.day = r.day and v.field = r.field and v.node = r.node`;
}

export interface KeptTextOfDay {
  readonly column: string;
  readonly node: string;
  readonly hlc: string;
  readonly text: string;
}

export async function readKeptTexts(db: Queryable, userId: string, day: string): Promise<KeptTextOfDay[]> {
  return db<KeptTextOfDay[]>`
    select field as column, node, hlc, text from journal_versions where user_id = ${userId} and day = ${day}`;
}

export interface PurgedHorizon {
  readonly userId: string;
  readonly horizon: number;
  readonly purged: number;
}

/**
 * Removes tombstones last changed before `cutoff` and raises each affected user's horizon to
 * the newest revision removed. Locks the users' revision rows first (in id order), so a push
 * of the same user waits and then sees the rows gone.
 */
export async function purgeTombstones(tx: TransactionSql, cutoff: Date): Promise<PurgedHorizon[]> {
  const users = await tx<{ user_id: string }[]>`
    select user_id from user_revisions where user_id in (
      select user_id from exercises where deleted and updated_at < ${cutoff}
      union select user_id from profiles where deleted and updated_at < ${cutoff}
      union select user_id from game_progress where deleted and updated_at < ${cutoff}
    ) order by user_id for update`;
  if (users.length === 0) return [];
  const ids = tx.array(
    users.map((row) => row.user_id),
    OID.uuid,
  );
  return tx<PurgedHorizon[]>`
    with gone_exercises as (
      delete from exercises where user_id = any(${ids}::uuid[]) and deleted and updated_at < ${cutoff} returning user_id, rev
    ), gone_profiles as (
      delete from profiles where user_id = any(${ids}::uuid[]) and deleted and updated_at < ${cutoff} returning user_id, rev
    ), gone_games as (
      delete from game_progress where user_id = any(${ids}::uuid[]) and deleted and updated_at < ${cutoff} returning user_id, rev
    ), gone as (
      select user_id, max(rev) as rev, count(*) as purged from (
        select * from gone_exercises union all select * from gone_profiles union all select * from gone_games
      ) as all_gone group by user_id
    )
    update user_revisions u set tombstone_horizon = greatest(u.tombstone_horizon, gone.rev)
    from gone where u.user_id = gone.user_id
    returning u.user_id as "userId", u.tombstone_horizon as horizon, gone.purged`;
}
